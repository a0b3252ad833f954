"""`reftag serve` through a real HTTP client (urllib) against the server on a loopback port:
the routes of DESIGN.md, the formats, the limits, and bad input that must leave it serving."""

import json
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed")
pytest.importorskip("uvicorn", reason="the serve extra is not installed")

from tagger.corpora.corpus import read_anystyle_xml  # noqa: E402
from tests.serve_helpers import REFERENCES, post_json, request, running_server  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def server():
    # Small limits, so that passing each one is cheap to test.
    with running_server("--workers", "2", "--max-body-bytes", "200000", "--max-references",
                        "50", "--max-chars", "3000") as base:
        yield base


def healthy(base):
    status, _, body = request(base, "/api/health")
    return status == 200 and json.loads(body)["status"] == "ok"


def test_health_names_the_model(server):
    status, kind, body = request(server, "/api/health")
    report = json.loads(body)
    assert status == 200 and kind.startswith("application/json")
    assert report["status"] == "ok" and report["engine"] == "auto"
    assert "author" in report["model"]["labels"]


def test_model_info_from_the_manifest(server):
    status, _, body = request(server, "/api/model")
    info = json.loads(body)
    assert status == 200
    assert info["training"]["records"] > 0 and info["training"]["files"]
    assert "data/gold.jsonl" in info["scores"]
    assert info["limits"]["max_references"] == 50


def test_openapi_schema_lists_the_routes(server):
    status, _, body = request(server, "/api/openapi.json")
    schema = json.loads(body)
    assert status == 200 and schema["openapi"].startswith("3.")
    for path in ("/api/health", "/api/parse", "/api/find", "/api/relabel", "/api/model"):
        assert path in schema["paths"]
    assert "413" in schema["paths"]["/api/parse"]["post"]["responses"]


def test_parse_json_list_one_record_each_in_order(server):
    status, records = post_json(server, "/api/parse", REFERENCES)
    assert status == 200
    assert [record["raw"] for record in records] == REFERENCES
    for record in records:
        assert record["fields"] and record["tokens"] and 0 < record["confidence"] <= 1
        assert all(0 <= token["p"] <= 1 for token in record["tokens"])


def test_parse_text_lines_keeps_blank_lines_as_error_records(server):
    status, _, body = request(server, "/api/parse", f"{REFERENCES[0]}\n\n{REFERENCES[1]}\n",
                              "text/plain; charset=utf-8")
    records = json.loads(body)
    assert status == 200 and len(records) == 3
    assert records[1]["error"] and not records[0].get("error")


def test_parse_json_lines(server):
    body = json.dumps(REFERENCES[0]) + "\n" + json.dumps({"text": REFERENCES[2]}) + "\n"
    status, _, out = request(server, "/api/parse?format=jsonl", body, "application/x-ndjson")
    lines = out.decode().splitlines()
    assert status == 200 and [json.loads(line)["raw"] for line in lines] == [REFERENCES[0],
                                                                              REFERENCES[2]]


@pytest.mark.parametrize("fmt, kind, marker", [
    ("csl", "application/vnd.citationstyles.csl+json", '"title"'),
    ("ris", "application/x-research-info-systems", "TY  - "),
    ("xml", "application/xml", "<sequence>"),
    ("spans", "application/x-ndjson", '"spans"'),
])
def test_parse_formats(server, fmt, kind, marker):
    status, content_type, body = request(server, f"/api/parse?format={fmt}",
                                         json.dumps(REFERENCES), "application/json")
    assert status == 200 and content_type.startswith(kind) and marker in body.decode()


def test_find_gives_offsets_into_the_document(server):
    document = "Some body text here.\n\nReferences\n\n" + "\n".join(
        f"[{n}] {ref}" for n, ref in enumerate(REFERENCES[:1] + REFERENCES[2:], 1)) + "\n"
    status, _, body = request(server, "/api/find", document, "text/plain")
    records = json.loads(body)
    assert status == 200 and records
    for record in records:
        assert document[record["start"]:record["end"]].startswith(record["raw"][:10])


def test_relabel_rebuilds_fields_and_writes_training_xml(server, tmp_path):
    _, [record] = post_json(server, "/api/parse", REFERENCES[2:])  # XML labels whole words:
    for token in record["tokens"]:                                 # "1999." is one
        if token["text"] == "1999":
            token["label"] = "note"
    status, [fixed] = post_json(server, "/api/relabel", [record])
    assert status == 200 and "1999" not in fixed["fields"].get("year", "")
    assert "1999" in fixed["fields"]["note"]
    status, _, xml = request(server, "/api/relabel?format=xml", json.dumps([record]),
                             "application/json")
    [read] = read_anystyle_xml(xml)
    assert status == 200 and any(label == "note" for _, _, label in read["spans"])


def test_relabel_refuses_tokens_that_do_not_fit(server):
    _, [record] = post_json(server, "/api/parse", REFERENCES[:1])
    record["tokens"] = record["tokens"][1:]
    status, answer = post_json(server, "/api/relabel", [record])
    assert status == 400 and "tokens" in answer["error"]
    record["tokens"] = [{"start": 0, "end": 5, "label": "nonsense"}]
    assert post_json(server, "/api/relabel", "not a list")[0] == 400


BAD_INPUT = [
    # (path, body, content type, status, words in the message)
    ("/api/parse", b"Smith J. \xff\xfe A title. 2020.", "text/plain", 400, "UTF-8"),
    ("/api/parse", b"[1, 2]", "application/json", 400, "not a string"),
    ("/api/parse", b'{"a": "b"}', "application/json", 400, "array of strings"),
    ("/api/parse", b"[\"unclosed", "application/json", 400, "not JSON"),
    ("/api/parse", b"Smith J. A title.", "application/xml", 415, "Content-Type"),
    ("/api/parse", b"Smith J. A title.", None, 415, "Content-Type"),
    ("/api/parse", b"Smith J. A title.", "text/plain; charset=latin-1", 415, "UTF-8"),
    ("/api/parse", b"\n" * 100_000, "text/plain", 413, "references"),
    ("/api/parse", b"x" * 300_000, "text/plain", 413, "limit"),
    ("/api/parse", json.dumps(["y" * 3001]).encode(), "application/json", 413, "characters"),
    ("/api/parse?format=docx", b"[]", "application/json", 400, "format"),
    ("/api/find", b"not a pdf at all", "application/pdf", 400, "PDF"),
    ("/api/find", b"[]", "application/json", 415, "Content-Type"),
    ("/api/relabel", b"[{}]", "application/json", 400, "raw"),
    ("/api/nowhere", b"", "text/plain", 404, "no such route"),
]


@pytest.mark.parametrize("path, body, kind, status, words", BAD_INPUT)
def test_bad_input_is_a_clear_json_error_and_the_server_goes_on(server, path, body, kind,
                                                                 status, words):
    got, content_type, answer = request(server, path, body, kind, method="POST")
    assert got == status and content_type.startswith("application/json")
    message = json.loads(answer)["error"]
    assert words.lower() in message.lower() and "Traceback" not in message
    assert healthy(server)


def test_empty_document_is_an_empty_list(server):
    status, _, body = request(server, "/api/find", "\n" * 100_000, "text/plain")
    assert status == 200 and json.loads(body) == []


def test_pdf_goes_to_tagger_find(server):
    pdf = REPO / "data" / "finder" / "pdf" / "ieee_two_column.pdf"
    status, kind, body = request(server, "/api/find", pdf.read_bytes(), "application/pdf")
    assert kind.startswith("application/json")
    if status == 415:  # this install has no PDF input (the pdf extra)
        pytest.skip(json.loads(body)["error"])
    records = json.loads(body)
    assert status == 200 and len(records) > 5
    assert all(record["fields"] and "start" in record for record in records)


def test_damaged_pdf_is_a_clear_error(server):
    pdf = (REPO / "data" / "finder" / "pdf" / "ieee_two_column.pdf").read_bytes()[:3000]
    status, kind, body = request(server, "/api/find", pdf, "application/pdf")
    assert status in (400, 415) and kind.startswith("application/json")
    assert "PDF" in json.loads(body)["error"]
    assert healthy(server)


def test_crf_engine_without_a_model_is_503(tmp_path):
    missing = tmp_path / "none.crfsuite"
    with running_server("--engine", "crf", "--model", str(missing)) as base:
        status, _, body = request(base, "/api/parse", "Smith J. A title. 2020.", "text/plain")
        assert status == 503 and "model" in json.loads(body)["error"]
        assert request(base, "/api/health")[0] == 503


def test_time_limit_is_a_503(tmp_path):
    with running_server("--time-limit", "0.000001", "--engine", "rules") as base:
        status, _, body = request(base, "/api/parse", json.dumps(REFERENCES * 10),
                                  "application/json")
        assert status == 503 and "longer than" in json.loads(body)["error"]


def test_the_pdf_readers_memory_is_the_servers_flag():
    """--pdf-memory reaches each worker's PDF reader: a reader allowed 1 MB reads no PDF, and
    the request is a 413 that says why."""
    pytest.importorskip("pypdfium2", reason="PDF input needs the pdf extra")
    pdf = Path(__file__).resolve().parents[1] / "data" / "finder" / "pdf" / "ieee_two_column.pdf"
    with running_server("--engine", "rules", "--pdf-memory", "1", "--pdf-readers", "1") as base:
        status, _, body = request(base, "/api/find", pdf.read_bytes(), "application/pdf")
        assert status == 413 and "needs more than 1 MB" in json.loads(body)["error"]


def test_oversized_chunked_body_is_cut_off_at_the_limit(server):
    """No Content-Length to refuse up front: the body is counted as it arrives."""
    import http.client

    host, port = server.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    chunks = (b"Smith J. A title. 2020.\n" * 1000 for _ in range(20))  # 480,000 bytes
    connection.request("POST", "/api/parse", chunks, {"Content-Type": "text/plain"},
                       encode_chunked=True)
    response = connection.getresponse()
    assert response.status == 413 and "limit" in json.loads(response.read())["error"]
    connection.close()
    assert healthy(server)


def test_what_is_no_reference_is_marked_in_the_api(server):
    status, records = post_json(server, "/api/parse", ["hello world", REFERENCES[0]])
    assert status == 200
    assert records[0]["not_reference"] is True and "not_reference" not in records[1]


# ------------------------------------------------------------------------------------------
# One wording for one error: the command line, the library and the API say the same thing
# about the same bad input, each naming it its own way ("x.png", "input", "body", "line 1").

def _zip() -> bytes:
    import io
    import zipfile

    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("refs.txt", "Smith J. A title. 2020.\n" * 40)
    return archive.getvalue()


def _gzip() -> bytes:
    import gzip

    return gzip.compress(b"Smith J. A title. 2020.\n" * 40)


PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02" + bytes(40)
LATIN_1 = "Müller J. Über die Dinge. Zeitschrift für Physik 12 (1920) 3-7.".encode("latin-1")
BAD_INPUTS = {
    "png": PNG,
    "zip": _zip(),
    "gzip": _gzip(),
    "invalid UTF-8": LATIN_1,
    "empty": b"",
    "NUL bytes": b"Smith J.\x00\x00\x00\x00 A title\x00\x00\x00\x00\x00\x00. 2020.\x00\x00\x00",
}


def _said(message: str) -> str:
    """What a message says, without the name of the input it is about."""
    return message.strip().removeprefix("reftag: ").removeprefix("warning: ").split(": ", 1)[1]


def _cli_says(command, path) -> str:
    from tests.cli_helpers import reftag

    code, out, err = reftag(command, "--engine", "rules", "--format", "jsonl", str(path))
    if code == 1:  # refused
        return _said(err)
    errors = [json.loads(line).get("error") for line in out.splitlines()]
    return _said(next(filter(None, errors), None) or err)  # a record's error, or a warning


def _library_says(function, data) -> str:
    import warnings

    from tagger import parse

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            answer = function(data, engine="rules")
        except ValueError as error:  # BinaryInputError, an empty input
            return _said(str(error))
    if function is parse and answer.error:
        return _said(answer.error)
    return _said(str(caught[0].message))


def _api_says(server, route, data) -> str:
    status, _, body = request(server, route, data, "text/plain", method="POST")
    assert status == 400, (route, body)
    return _said(json.loads(body)["error"])


@pytest.mark.parametrize("what", BAD_INPUTS)
def test_one_bad_input_gets_one_message_from_the_cli_the_library_and_the_api(
        server, tmp_path, what):
    from tagger import find, parse

    data = BAD_INPUTS[what]
    path = tmp_path / "input.bin"
    path.write_bytes(data)
    said = {"reftag parse": _cli_says("parse", path),
            "/api/parse": _api_says(server, "/api/parse", data)}
    if what != "empty":  # parse(b"") is one empty reference, not an empty input
        said["tagger.parse"] = _library_says(parse, data)
    assert len(set(said.values())) == 1, said
    document = data if what != "invalid UTF-8" else b"References\n\n[1] " + data + b"\n"
    path.write_bytes(document)
    found = {"reftag find": _cli_says("find", path),
             "tagger.find": _library_says(find, document),
             "/api/find": _api_says(server, "/api/find", document)}
    assert len(set(found.values())) == 1, found
    expected = {"png": "this is a PNG image, not text", "zip": "this is a ZIP archive",
                "gzip": "this is gzip-compressed data", "invalid UTF-8": "invalid UTF-8 at byte",
                "empty": "empty input", "NUL bytes": "this is binary data, not text"}[what]
    assert said["/api/parse"].startswith(expected) and found["/api/find"].startswith(expected)


def test_a_reference_too_long_is_worded_alike_everywhere(server, tmp_path):
    """Refused by the API (its limit), cut by the command line and the library (MAX_CHARS):
    one wording from tagger.text.sniff.too_long, each naming which input it is about."""
    import warnings

    from tagger import find, parse
    from tagger.parse import MAX_CHARS
    from tagger.text.sniff import too_long
    from tests.cli_helpers import reftag

    long = "Smith J, " * 2800 + "A title. 2020."
    status, answer = post_json(server, "/api/parse", [REFERENCES[0], long])
    assert status == 413 and answer["error"] == too_long("reference 1", 3000, length=len(long))
    assert answer["error"] == f"reference 1: reference longer than 3000 characters ({len(long)})"

    path = tmp_path / "refs.txt"
    path.write_text(f"{REFERENCES[0]}\n{long}\n", encoding="utf-8")
    code, _, err = reftag("parse", "--engine", "rules", str(path))
    assert code == 0
    assert err == f"reftag: warning: {too_long(f'{path}, line 2', MAX_CHARS, cut=True)}\n"

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parse(long, engine="rules")
        find(path.parent / "refs.txt", engine="rules")
    assert [str(warning.message) for warning in caught] == [
        too_long("input 'Smith J, Smith J, Smith J, …'", MAX_CHARS, True, len(long)),
        too_long(f"{path}, characters {len(REFERENCES[0]) + 1}-{len(REFERENCES[0]) + 1 + len(long)}",
                 MAX_CHARS, True, len(long))]


def test_invalid_utf8_in_a_text_body_is_named_by_line_and_byte_as_reftag_parse_does(server):
    body = REFERENCES[0].encode() + b"\r\n" + LATIN_1 + b"\n"
    status, _, answer = request(server, "/api/parse", body, "text/plain")
    assert status == 400 and json.loads(answer)["error"] == "line 2: invalid UTF-8 at byte 1"
    status, _, answer = request(server, "/api/parse", json.dumps([REFERENCES[0]]).encode()
                                + b"\xff", "application/json")
    assert status == 400 and json.loads(answer)["error"].startswith("body: invalid UTF-8 at byte")


def test_a_pdf_sent_as_text_to_find_is_told_its_content_type(server):
    status, _, answer = request(server, "/api/find", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj",
                                "text/plain")
    assert status == 415 and "Content-Type application/pdf" in json.loads(answer)["error"]
