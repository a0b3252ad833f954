"""Binary input is refused, not parsed into noise: `reftag parse` and `reftag find` on the
command line and `parse` / `find` in the library (issue 13)."""

import io
import json
import os
import struct
import sys
import zlib
from unittest import mock

import pytest

from tagger import find, parse
from tagger.cli import main
from tagger.text.sniff import BinaryInputError, sniff

APA = ("Brischoux, F., Chakraborty, S., Brierley, D.I., and Ungless, M.A. (2009). Phasic "
       "excitation of dopamine neurons in ventral VTA by noxious stimuli. Proc Natl Acad Sci "
       "U S A 106, 4894–4899.")


def png() -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


BINARIES = {
    "png": png(),
    "jpeg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(range(256)) * 4,
    "zip": b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + os.urandom(300),
    "gzip": b"\x1f\x8b\x08\x00" + os.urandom(300),
    "binary": bytes(range(256)) * 8,
}


def reftag(*argv, stdin=b""):
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(stdin))
    with mock.patch.multiple(sys, stdin=stdin, stdout=out, stderr=err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("kind", BINARIES)
def test_sniff_names_the_kind(kind):
    assert sniff(BINARIES[kind]) == kind
    assert sniff(os.urandom(2000)) == "binary"


@pytest.mark.parametrize("text", [APA.encode(), "张三, 李四. 题名[J]. 刊名, 2020.".encode(),
                                  b"Smith J.\x07 A title\t2019\x0c\n", b"", "\ufeff" .encode() + APA.encode()])
def test_text_is_text(text):
    assert sniff(text) is None and sniff(text.decode("utf-8")) is None


def test_a_few_bad_lines_keep_a_batch_a_batch():
    lines = [APA.encode()] * 8 + [b"\x00\x01\x02", b"\xff\xfe\x80 Smith J. 2019."]
    assert sniff(b"\n".join(lines)) is None


@pytest.mark.parametrize("kind", ["png", "zip", "binary"])
def test_reftag_parse_refuses_a_binary_file(tmp_path, kind):
    path = tmp_path / f"input.{kind}"
    path.write_bytes(BINARIES[kind])
    code, out, err = reftag("parse", "--engine", "rules", str(path))
    assert code == 1 and out == ""
    assert err.startswith(f"reftag: {path}: this is ") and "not text" in err
    assert "Traceback" not in err


def test_reftag_parse_on_a_pdf_points_to_find(tmp_path):
    path = tmp_path / "paper.pdf"
    path.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n")
    code, out, err = reftag("parse", str(path))
    assert code == 1 and out == ""
    assert err == (f"reftag: {path}: this is a PDF file, not text; to read the references in a "
                   f"PDF use: reftag find {path}\n")


def test_reftag_parse_refuses_binary_standard_input():
    code, out, err = reftag("parse", "--engine", "rules", stdin=BINARIES["png"])
    assert code == 1 and out == ""
    assert err == ("reftag: standard input: this is a PNG image, not text; reftag parse reads "
                   "plain text (UTF-8), one reference a line\n")


@pytest.mark.parametrize("kind", ["png", "jpeg", "binary"])
def test_reftag_find_refuses_a_binary_file(tmp_path, kind):
    path = tmp_path / f"input.{kind}"
    path.write_bytes(BINARIES[kind])
    for extra in ([], ["--segments"]):
        code, out, err = reftag("find", "--engine", "rules", str(path), *extra)
        assert code == 1 and out == ""
        assert "not text; reftag find reads plain text (UTF-8) or a PDF" in err


def test_library_parse_gives_an_error_record_for_binary():
    ref = parse(BINARIES["png"], engine="rules")
    assert ref.error == ("input: this is a PNG image, not text; reftag parse reads plain text "
                         "(UTF-8), one reference a line")
    assert not ref.fields and not ref.tokens
    pdf_as_text = parse("%PDF-1.4\n%âãÏÓ\n1 0 obj", engine="rules")
    assert "reftag find FILE.pdf" in pdf_as_text.error
    assert parse(bytes(range(256)).decode("latin-1"), engine="rules").error.startswith(
        "input: this is binary data, not text")


def test_library_parse_reads_utf8_bytes():
    assert parse(APA.encode(), engine="rules").fields["year"] == "2009"


def test_library_find_raises_a_clear_error_for_binary():
    with pytest.raises(BinaryInputError, match="this is a PNG image, not text") as raised:
        find(BINARIES["png"], engine="rules")
    assert raised.value.kind == "png" and isinstance(raised.value, ValueError)
    with pytest.raises(BinaryInputError, match="binary data"):
        find(bytes(range(256)).decode("latin-1") * 4, engine="rules")
    assert len(find(("[1] " + APA).encode(), engine="rules")) == 1


def test_find_segments_dropped_reports_furniture_with_reasons(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("References\n\n[1] " + APA + "\n[2] Smith J. A title of the paper. Journal of\n"
                    "17\n\nIEEE TRANSACTIONS ON SOFTWARE ENGINEERING, VOL. 47, NO. 3\n"
                    "Things, 2015, 3(2): 4–5.\n", encoding="utf-8")
    code, out, _ = reftag("find", str(path), "--segments", "--dropped")
    assert code == 0
    report = json.loads(out)
    assert [seg["raw"][:3] for seg in report["segments"]] == ["[1]", "[2]"]
    assert report["segments"][1]["raw"].endswith("Journal of\nThings, 2015, 3(2): 4–5.")
    assert [(item["text"], item["reason"]) for item in report["dropped"]] == [
        ("References", "heading"), ("17", "page number"),
        ("IEEE TRANSACTIONS ON SOFTWARE ENGINEERING, VOL. 47, NO. 3", "running head")]
