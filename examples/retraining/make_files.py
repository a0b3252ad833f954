"""Write this folder's files, the retraining example of docs/retraining.md:
`python examples/retraining/make_files.py` (needs the `synth` extra).

aps.txt and aps-corrected.xml are 60 references rendered in the American Physical Society's
style and their rendered labels; aps-test.jsonl is 200 others of the style (another seed),
none sharing a title or a text with the 60. The synthesizer's output changes with its code,
so running this again after such a change rewrites the files, and the page's outputs with them
(`python docs/reference.py --examples retraining.md`).
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
STYLE = "american-physics-society"


def synthesized(n: int, seed: int, folder: Path) -> list[dict]:
    path = folder / f"{seed}.jsonl"
    subprocess.run([sys.executable, "-m", "tagger", "synth", "--style", STYLE, "-n", str(n),
                    "--seed", str(seed), "-o", str(path)], check=True, cwd=HERE.parent.parent)
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def main() -> None:
    sys.path.insert(0, str(HERE.parent.parent))
    from tagger.corpora.corpus import normalized_key, write_anystyle_xml

    def titles(record):
        return {normalized_key(record["text"][s:e]) for s, e, label in record["spans"]
                if label == "title"}

    with tempfile.TemporaryDirectory() as folder:
        train = synthesized(60, 7, Path(folder))
        pool = synthesized(400, 8, Path(folder))
    seen_titles = set().union(*map(titles, train))
    seen_texts = {normalized_key(record["text"]) for record in train}
    test = []
    for record in pool:
        if titles(record) & seen_titles or normalized_key(record["text"]) in seen_texts:
            continue
        seen_titles |= titles(record)
        seen_texts.add(normalized_key(record["text"]))
        test.append(record)
    test = test[:200]
    for number, record in enumerate(train, 1):
        record["id"] = f"aps-{number:02d}"
    for number, record in enumerate(test, 1):
        record["id"] = f"aps-test-{number:03d}"
    (HERE / "aps.txt").write_text("".join(r["text"] + "\n" for r in train), encoding="utf-8")
    (HERE / "aps-corrected.xml").write_text(write_anystyle_xml(train), encoding="utf-8")
    (HERE / "aps-test.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in test), encoding="utf-8")


if __name__ == "__main__":
    main()
