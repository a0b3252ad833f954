#!/bin/sh
# Make FOLDER hold a symlink to each PDF listed in docs.tsv plus a copy of gold.jsonl, so that
#   python3 ../shared/tools/real_pdf_eval.py FOLDER
# can score it. The PDFs come from Debian's texlive-doc (and shared-mime-info) packages under /usr/share/doc.
set -eu
if [ $# -ne 1 ]; then
    echo "usage: sh $0 FOLDER" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
out=$1
doc=/usr/share/doc
if [ ! -d "$doc/texlive-doc" ]; then
    echo "error: $doc/texlive-doc is missing: install Debian's texlive-doc package" \
         "(apt-get install texlive-doc, without path-exclude of /usr/share/doc) and try again" >&2
    exit 1
fi
mkdir -p "$out"
tail -n +2 "$here/docs.tsv" | while IFS="$(printf '\t')" read -r file path rest; do
    if [ ! -f "$doc/$path" ]; then
        echo "warning: $doc/$path is missing (its gold references will score as missed)" >&2
        continue
    fi
    ln -sf "$doc/$path" "$out/$file"
done
cp "$here/gold.jsonl" "$out/gold.jsonl"
echo "$out: $(ls "$out" | grep -c '\.pdf$') PDFs and gold.jsonl"
