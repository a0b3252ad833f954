"""Score `find` on a folder of PDFs against its gold.jsonl (the format of
shared/data/real-pdf-dev: one record per printed reference, {"doc", "n", "raw", "fields",
"fields_extra"}): segmentation per document and in total, core fields of the matched references.

    from tagger.evaluate.pdf_folder import evaluate_folder
    result = evaluate_folder("real-pdf-dev")     # {"documents": [...], "total": {...}, ...}
    reftag evaluate real-pdf-dev                 # the same, as a table

The numbers are the reference scorer's (shared/tools/real_pdf_eval.py), by construction, so
that the project's harness and an outsider's run say the same thing:

- a found reference matches a gold one when their texts, reduced to case-folded letters and
  digits with a leading citation number ("[12]", "(12)", "12.") taken off, have a difflib
  ratio of at least 0.9; pairs are taken one to one, best ratio first;
- on matched pairs the six core fields are compared as shared/tools/score.py compares them,
  which is DESIGN.md's convention with a few differences kept here on purpose (a venue's
  leading "In:" dropped, a year being the first 1500-2099 number, an arXiv-only reference's
  venue read as "arxiv:<id>", a trailing "et al." off the authors);
- a document that cannot be read, or whose reading fails, scores as nothing found, with the
  failure reported beside the table.
"""

import collections
import difflib
import json
import re
import unicodedata
from pathlib import Path

GOLD = "gold.jsonl"
CORE = ("author", "title", "venue", "year", "pages", "doi")
RATIO = 0.9

_CITATION_NUMBER = re.compile(r"^\s*(?:\[\s*\d{1,4}\s*\]|\(\s*\d{1,4}\s*\)|\d{1,4}\s*[.)])\s*")
_ET_AL = re.compile(r"[,;\s]*(?:et\s*al\.?|and\s+others|and\s+co-?authors)\s*\.?\s*$", re.I)
_YEAR = re.compile(r"(1[5-9]\d\d|20\d\d)")
_DOI_START = re.compile(r"^.*?(10\.\d{4,9}/)")
_VENUE_IN = re.compile(r"^\s*(in\s*:|in\b|//|∥)\s*", re.I)
_ARXIV = re.compile(r"(?:arxiv|corr)\W*(?:preprint\W*)?(?:arxiv\W*|abs\W*)?"
                    r"((?:\d{4}\.\d{4,5}|[a-z.-]+/\d{7})(?:v\d+)?)", re.I)
_ARXIV_VENUE = re.compile(r"\W*(?:arxiv|corr)\b.*", re.I)
_BARE_ARXIV_VENUE = re.compile(r"\W*(arxiv|corr)(\s+preprint)?\W*", re.I)
_ARXIV_ID = re.compile(r"((?:\d{4}\.\d{4,5}|[a-z.-]+/\d{7}))", re.I)


def is_pdf_folder(path) -> bool:
    """A folder with a gold.jsonl: what evaluate_folder scores."""
    return Path(path, GOLD).is_file()


def _letters_digits(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return "".join(char for char in text if char.isalnum())


def reference_key(text: str | None) -> str:
    """What two readings of a reference must share: letters and digits, no citation number."""
    return _letters_digits(_CITATION_NUMBER.sub("", text or ""))


def _value(fields: dict, name: str):
    value = fields.get(name)
    if isinstance(value, list):
        value = " ".join(str(part) for part in value if part)
    return value


def field_key(name: str, value) -> str | None:
    """A field value as score.py compares it; None when absent."""
    if value is None:
        return None
    if isinstance(value, list):
        value = " ".join(str(part) for part in value)
    value = str(value).strip()
    if not value:
        return None
    if name == "year":
        match = _YEAR.search(value)
        return match.group(1) if match else _letters_digits(value) or None
    if name == "doi":
        value = _DOI_START.sub(r"\1", unicodedata.normalize("NFKC", value).lower())
        return re.sub(r"\s+", "", value).rstrip(".,;])") or None
    if name in ("pages", "volume", "issue", "citation-number"):
        digits = re.findall(r"\d+", value)
        return "-".join(digits) if digits else _letters_digits(value) or None
    if name == "venue":
        value = _VENUE_IN.sub("", value)
    return _letters_digits(value) or None


def _compared(fields: dict, name: str) -> str | None:
    value = _value(fields, name)
    if name == "author" and value:
        value = _ET_AL.sub("", value)
    return field_key(name, value)


def arxiv_venue(fields: dict) -> dict:
    """An arXiv preprint's venue, however given (venue "arXiv:1512.01274", venue "arXiv" with
    an `arxiv` field, or an `arxiv` field alone), as "arxiv:<id>": finding the identifier
    decides the score, not the convention."""
    venue, arxiv = _value(fields, "venue") or "", _value(fields, "arxiv") or ""
    match = _ARXIV.search(venue) if _ARXIV_VENUE.fullmatch(venue) else None
    if not match and arxiv and (not venue or _BARE_ARXIV_VENUE.fullmatch(venue)):
        match = _ARXIV.search("arxiv:" + arxiv) or _ARXIV_ID.search(arxiv)
    return {**fields, "venue": "arxiv:" + match.group(1).lower()} if match else fields


def match(gold: list, found: list, threshold: float = RATIO) -> list:
    """(gold index, found index, ratio) pairs, one to one, best ratio first."""
    gold_keys = [reference_key(record["raw"]) for record in gold]
    found_keys = [reference_key(record.get("raw", "")) for record in found]
    candidates = []
    for i, a in enumerate(gold_keys):
        for j, b in enumerate(found_keys):
            if not a or not b:
                continue
            matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
            if matcher.real_quick_ratio() < threshold or matcher.quick_ratio() < threshold:
                continue
            ratio = matcher.ratio()
            if ratio >= threshold:
                candidates.append((ratio, i, j))
    candidates.sort(reverse=True)
    taken_gold, taken_found, pairs = set(), set(), []
    for ratio, i, j in candidates:
        if i not in taken_gold and j not in taken_found:
            taken_gold.add(i)
            taken_found.add(j)
            pairs.append((i, j, ratio))
    return pairs


def _nearest(text: str, others: list) -> tuple:
    """The other reference nearest `text`, with its ratio (to show what a miss looked like)."""
    key = reference_key(text)
    best, best_ratio = None, 0.0
    for other in others:
        ratio = difflib.SequenceMatcher(None, key, reference_key(other.get("raw", "")),
                                        autojunk=False).ratio()
        if ratio > best_ratio:
            best, best_ratio = other, ratio
    return best, round(best_ratio, 3)


def score_document(doc: str, gold: list, found: list, threshold: float = RATIO) -> tuple:
    """(counts, per-field counts, errors) of one document's found references against its gold."""
    pairs = match(gold, found, threshold)
    counts = collections.Counter(gold=len(gold), found=len(found), matched=len(pairs))
    per_field = {name: collections.Counter() for name in CORE}
    errors = []
    for i, j, _ in pairs:
        gold_fields = dict(gold[i]["fields"])
        arxiv = (gold[i].get("fields_extra") or {}).get("arxiv")
        if arxiv and "arxiv" not in gold_fields:
            gold_fields["arxiv"] = arxiv
        want, got = arxiv_venue(gold_fields), arxiv_venue(found[j].get("fields") or {})
        right = True
        for name in CORE:
            wanted, given = _compared(want, name), _compared(got, name)
            if wanted is not None and wanted == given:
                counts["tp"] += 1
                per_field[name]["tp"] += 1
                continue
            for kind, value in (("fp", given), ("fn", wanted)):
                if value is not None:
                    counts[kind] += 1
                    per_field[name][kind] += 1
            if wanted is not None or given is not None:
                right = False
                errors.append({"doc": doc, "n": gold[i]["n"], "kind": "field", "field": name,
                               "gold": _value(want, name), "pred": _value(got, name),
                               "raw": found[j].get("raw", "")})
        counts["allright"] += right
    matched_gold = {i for i, _, _ in pairs}
    matched_found = {j for _, j, _ in pairs}
    for i, record in enumerate(gold):
        if i not in matched_gold:
            near, ratio = _nearest(record["raw"], found)
            errors.append({"doc": doc, "n": record["n"], "kind": "missed", "gold": record["raw"],
                           "nearest": near.get("raw") if near else None, "ratio": ratio})
    for j, record in enumerate(found):
        if j not in matched_found:
            near, ratio = _nearest(record.get("raw", ""), gold)
            errors.append({"doc": doc, "kind": "spurious", "pred": record.get("raw", ""),
                           "nearest_gold": near["n"] if near else None, "ratio": ratio})
    return counts, per_field, errors


def find_in_pdf(path) -> list:
    """What `reftag find PATH --format jsonl` prints, as dicts: the references of the PDF."""
    from tagger.pdf import find_pdf

    return [reference.to_dict() for reference in find_pdf(str(path))]


def load_gold(folder) -> list:
    with open(Path(folder, GOLD), encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def gold_by_document(folder):
    """(document, its gold references in list order) for each document gold.jsonl names, in
    the order it names them."""
    gold_all = load_gold(folder)
    for doc in dict.fromkeys(record["doc"] for record in gold_all):
        yield doc, sorted((record for record in gold_all if record["doc"] == doc),
                          key=lambda record: record["n"])


def _pages(path) -> int | None:
    try:
        import pypdfium2

        document = pypdfium2.PdfDocument(str(path))
        try:
            return len(document)
        finally:
            document.close()
    except Exception:  # noqa: BLE001 - a page count is a courtesy, never a failure
        return None


def prf(tp: int, fp: int, fn: int) -> dict:
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1}


def segmentation_scores(counts: dict) -> dict:
    """Precision, recall and F1 of the references found, from score_document's counts."""
    matched = counts["matched"]
    return prf(matched, counts["found"] - matched, counts["gold"] - matched)


def _summary(counts: dict) -> dict:
    fields = prf(counts["tp"], counts["fp"], counts["fn"])
    matched = counts["matched"]
    return {
        "gold": counts["gold"], "found": counts["found"], "matched": matched,
        "segmentation": segmentation_scores(counts),
        "fields": {"precision": fields["precision"], "recall": fields["recall"],
                   "micro_f1": fields["f1"]},
        "all_core_right": counts["allright"] / matched if matched else 0.0,
        "counts": {key: counts[key] for key in ("tp", "fp", "fn", "allright")},
    }


def evaluate_folder(folder, find=find_in_pdf, threshold: float = RATIO) -> dict:
    """Score `find` (a PDF path → list of contract dicts) on every document gold.jsonl names.

    {"folder", "ratio", "documents": [{"doc", "pages", "crash", **summary}], "total": summary,
     "fields": {label: {"precision", "recall", "f1", "tp", "fp", "fn"}}, "errors": [...]}
    """
    documents, errors = [], []
    total = collections.Counter()
    per_field = {name: collections.Counter() for name in CORE}
    for doc, gold in gold_by_document(folder):
        path = Path(folder, doc)
        crash = None
        try:
            found = find(path)
        except Exception as error:  # noqa: BLE001 - a failing document scores as nothing found
            found, crash = [], f"{type(error).__name__}: {error}"
            errors.append({"doc": doc, "kind": "crash", "message": crash})
        counts, fields, document_errors = score_document(doc, gold, found, threshold)
        errors.extend(document_errors)
        total.update(counts)
        for name in CORE:
            per_field[name].update(fields[name])
        documents.append({"doc": doc, "pages": _pages(path), "crash": crash, **_summary(counts)})
    return {
        "folder": str(folder), "ratio": threshold, "documents": documents,
        "total": {"documents": len(documents), **_summary(total)},
        "fields": {name: {**prf(c["tp"], c["fp"], c["fn"]), **{k: c[k] for k in ("tp", "fp", "fn")}}
                   for name, c in per_field.items()},
        "errors": errors,
    }


def table(result: dict) -> str:
    """The result as the reference scorer prints it: a row per document, then the totals."""
    lines = [f"{'document':22} {'pages':>5} {'gold':>5} {'found':>5} {'match':>5} {'seg P':>6} "
             f"{'seg R':>6} {'seg F1':>6} {'fld P':>6} {'fld R':>6} {'fld F1':>6} {'allOK':>6}"]
    total = result["total"]
    pages = sum(document["pages"] or 0 for document in result["documents"])
    for name, row, page_count in [(d["doc"], d, d["pages"]) for d in result["documents"]] + [
            ("TOTAL", total, pages)]:
        segmentation, fields = row["segmentation"], row["fields"]
        lines.append(
            f"{name:22} {page_count if page_count is not None else '?':>5} {row['gold']:>5} "
            f"{row['found']:>5} {row['matched']:>5} {segmentation['precision']:6.3f} "
            f"{segmentation['recall']:6.3f} {segmentation['f1']:6.3f} {fields['precision']:6.3f} "
            f"{fields['recall']:6.3f} {fields['micro_f1']:6.3f} {row['all_core_right']:6.3f}")
    for document in result["documents"]:
        if document["crash"]:
            lines.append(f"CRASH {document['doc']}: {document['crash']}")
    lines.append("fields (matched references): " + "  ".join(
        f"{name} {scores['f1']:.3f}" for name, scores in result["fields"].items()))
    lines.append(
        f"total: {total['documents']} PDFs, {total['gold']} gold references; segmentation "
        f"P {total['segmentation']['precision']:.3f} R {total['segmentation']['recall']:.3f} "
        f"F1 {total['segmentation']['f1']:.3f}; core field micro-F1 "
        f"{total['fields']['micro_f1']:.3f} (matched refs)")
    return "\n".join(lines) + "\n"


def errors_text(result: dict, limit: int) -> str:
    """Up to `limit` errors of each kind (crash, missed, spurious, field), one JSON a line."""
    out = []
    for kind in ("crash", "missed", "spurious", "field"):
        errors = [error for error in result["errors"] if error["kind"] == kind]
        out.append(f"-- {kind}: {len(errors)}")
        out.extend("   " + json.dumps(error, ensure_ascii=False)[:600] for error in errors[:limit])
    return "\n".join(out) + "\n"
