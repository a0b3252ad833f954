"""A one-page PDF written byte by byte, for tests that need what no PDF library writes: a
page size, a text matrix or a stream no sane writer makes."""


def one_page_pdf(content: bytes, page: bytes = b"/MediaBox [0 0 612 792]",
                 flate: bool = False) -> bytes:
    """A PDF whose one page (`page`: its size and rotation) draws `content` in Helvetica;
    `flate` when `content` is already deflated."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R " + page + b" /Resources << /Font << /F1 5 0 R "
               b">> >> /Contents 4 0 R >>",
               b"<< /Length %d%s >>\nstream\n" % (len(content), b" /Filter /FlateDecode"
                                                   if flate else b"") + content + b"\nendstream",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    return bytes(out)
