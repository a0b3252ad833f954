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
