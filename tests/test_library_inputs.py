"""The library's answers to what a newcomer passes it: file names, nothing, numbers, paths
given to parse(), and what printing a Reference shows."""

import warnings
from pathlib import Path

import pytest

import tagger
from tagger import Reference, find, parse

LIST = ("References\n\n"
        "[1] Smith J, Jones A. A study of things. J Appl Phys. 2020;12(3):45-67.\n"
        "[2] Brown P. Reading the unread. London: Penguin, 1999.\n")


def test_a_str_naming_a_text_file_is_read(tmp_path, monkeypatch):
    path = tmp_path / "paper.txt"
    path.write_text(LIST, encoding="utf-8")
    expected = [ref.raw for ref in find(LIST, engine="rules")]
    assert len(expected) == 2
    assert [ref.raw for ref in find(str(path), engine="rules")] == expected
    assert [ref.raw for ref in find(path, engine="rules")] == expected
    monkeypatch.chdir(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # read as documented, without a warning
        assert [ref.raw for ref in find("paper.txt", engine="rules")] == expected
    documented = " ".join(tagger.find.__doc__.split())
    assert "str that names an existing file, which is read" in documented


@pytest.mark.parametrize("name", ["missing.pdf", "missing.txt", "/no/such/file.bin",
                                  "./refs"])
def test_a_file_name_that_names_no_file_is_an_error_not_an_empty_list(name, tmp_path,
                                                                     monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError, match="no such file"):
        find(name, engine="rules")
    with pytest.raises(FileNotFoundError):
        find(Path(name), engine="rules")


@pytest.mark.parametrize("document", [None, 123, 4.5, ["a list"], {"text": "x"}])
def test_what_is_not_a_document_is_a_type_error(document):
    with pytest.raises(TypeError, match="find\\(\\) takes"):
        find(document, engine="rules")


def test_text_without_references_is_still_an_empty_list():
    """Text is searched, and may hold nothing: that is an answer, not an error."""
    assert find("hello", engine="rules") == []
    assert find("https://example.org/refs.pdf", engine="rules") is not None  # a URL is text


@pytest.mark.parametrize("text", ["/path/random.bin", "~/papers/refs.txt", "refs.bib",
                                  "C:\\papers\\refs.pdf", "  ./notes.md  "])
def test_parse_says_a_path_is_not_a_reference(text):
    ref = parse(text, engine="rules")
    assert ref.error and "file path, not a reference" in ref.error
    assert "url" not in ref.fields and ref.raw == text
    assert parse(Path(text.strip()), engine="rules").error == ref.error


def test_parse_still_reads_urls_and_dois_alone():
    for text in ("https://example.org/paper.pdf", "doi:10.1145/3458754",
                 "www.example.org/refs.html"):
        ref = parse(text, engine="rules")
        assert ref.error is None and ref.fields, text


def test_parse_says_an_existing_file_is_not_a_reference(tmp_path):
    path = tmp_path / "random"
    path.write_bytes(b"\x00\x01")
    assert "file path" in parse(str(path), engine="rules").error


def test_a_reference_prints_short():
    ref = parse("Romero J, Yin JQ. Accelerating the training of deep neural networks on many "
                "cores. Proc IEEE 2022;3:1027-1040.", engine="rules")
    shown = repr(ref)
    assert len(ref.tokens) > 20 and len(shown) < 400 and "'start'" not in shown
    assert shown.startswith("<Reference rules") and "year='2022'" in shown
    assert f"({len(ref.tokens)} tokens)" in shown and str(ref) == shown
    assert repr(parse("", engine="rules")) == "<Reference error='empty reference' raw=''>"
    long = Reference(raw="x", fields={"title": "word " * 50}, partial=True)
    assert "…" in repr(long) and repr(long).endswith(" partial>")


def test_a_folder_or_bare_punctuation_is_not_taken_for_a_file(tmp_path):
    with pytest.raises(IsADirectoryError, match="folder"):
        find(str(tmp_path) + "/", engine="rules")
    for text in ("/", "\\", "~", "//", "x.pdf\nand more text"):
        assert isinstance(find(text, engine="rules"), list), text


@pytest.mark.parametrize("text", ["Smith J. A title. 2020.", b"Smith J. A title. 2020."])
def test_parse_many_refuses_one_bare_reference_and_names_the_fix(text):
    """Iterating a str would parse each character as a reference."""
    with pytest.raises(TypeError) as raised:
        tagger.parse_many(text, engine="rules")  # at the call, not at the first reference
    assert "parse_many([text])" in str(raised.value)
    assert "parse_many(text.splitlines())" in str(raised.value)
    assert [ref.raw for ref in tagger.parse_many([text.decode() if isinstance(text, bytes)
                                                  else text], engine="rules")] == [
        "Smith J. A title. 2020."]


@pytest.mark.parametrize("name", ["missing.pdf", "missing.txt"])
def test_find_of_a_path_that_names_no_file_says_so_plainly(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError) as raised:
        find(Path(name), engine="rules")
    assert str(raised.value) == f"{name}: no such file"  # not "[Errno 2] No such file ..."
    with pytest.raises(FileNotFoundError) as raised:
        find(name, engine="rules")
    assert str(raised.value).startswith(f"{name}: no such file (")


def test_an_empty_document_is_an_error_not_an_empty_list(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    for document, name in ((b"", "input"), (path, str(path))):
        with pytest.raises(ValueError, match=f"^{name}: empty input"):
            find(document, engine="rules")
    assert find("", engine="rules") == find("\n\n  \n", engine="rules") == []  # text: searched


def test_invalid_utf8_is_named_in_parse_and_find(tmp_path):
    latin = "Müller J. Über die Dinge. Zeitschrift für Physik 12 (1920) 3-7.".encode("latin-1")
    assert parse(latin, engine="rules").error == "input: invalid UTF-8 at byte 1"
    path = tmp_path / "latin.txt"
    path.write_bytes(LIST.encode() + b"[3] " + latin + b"\n")
    with pytest.warns(UserWarning) as caught:
        refs = find(path, engine="rules")
    assert [str(warning.message) for warning in caught] == [
        f"{path}: invalid UTF-8 at byte {len(LIST.encode()) + 5}"]
    assert len(refs) == 3 and refs[2].raw.startswith("[3] M\ufffdller J.")


def test_the_cut_warning_says_which_reference_of_a_batch(tmp_path):
    texts = ["Smith J. A title. 2020.", "Jones A, Brown B, " * 1200 + "A long title. 2021."]
    with pytest.warns(UserWarning) as caught:
        refs = list(tagger.parse_many(texts, engine="rules"))
    [message] = [str(warning.message) for warning in caught]
    assert message.startswith("input 'Jones A, Brown B, Jones A, …': reference longer "
                              f"than 20000 characters ({len(texts[1])}), cut to 20000")
    assert len(refs[1].raw) == 20000 and refs[0].error is None


@pytest.mark.parametrize("texts", [None, 42])
def test_parse_many_of_no_collection_is_a_type_error_at_the_call(texts):
    with pytest.raises(TypeError, match="parse_many\\(\\) takes a collection of references"):
        tagger.parse_many(texts, engine="rules")
