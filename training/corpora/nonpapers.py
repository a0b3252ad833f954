"""Documents that are not papers, typeset for the non-paper corpus: `make(kind, seed)` → PDF bytes.

What `reftag find` met in other projects' test files and took for reference lists: forms with
numbered fields, invoices, tax returns, shipping papers, lists of figures, tables of numbers,
letters, a labelled drawing, a CV, a programme, numbered procedures, slides, lecture notes
with numbered statements, and pages whose font encoding is garbage. Each kind is made with
reportlab (the test extra) or, for slides and lecture notes, LaTeX (`pdflatex`, Debian's
texlive-latex-base, and -recommended for beamer); `seed` varies names, numbers, dates and
lengths, so a kind gives as many different documents as wanted. The texts are made up here.
"""

import io
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

FIRST = ("Anna", "Bruno", "Chen", "Dana", "Emil", "Fatima", "Gita", "Hugo", "Ines", "Jonas",
         "Kofi", "Lena", "Marta", "Nils", "Olga", "Pavel", "Rosa", "Sami", "Tomas", "Yuki")
LAST = ("Alvarez", "Becker", "Castro", "Dubois", "Eriksen", "Fischer", "Garcia", "Hansen",
        "Ivanova", "Jensen", "Kowalski", "Larsen", "Moreau", "Novak", "Okafor", "Petrov",
        "Rossi", "Schmidt", "Tanaka", "Weber")
CITIES = ("Lyon", "Graz", "Porto", "Leeds", "Aarhus", "Bologna", "Gdansk", "Utrecht",
          "Tartu", "Brno", "Turku", "Cork")
STREETS = ("Mill Road", "Station Street", "Harbour Lane", "Park Avenue", "Church Street",
           "Kingsway", "Bridge Road", "Market Square")
COMPANIES = ("Northwind Supplies Ltd.", "Acme Fasteners GmbH", "Blue Harbour Logistics",
             "Orchard Office Furniture", "Delta Precision Tools", "Greenfield Seeds Co.",
             "Polar Refrigeration S.A.", "Summit Print & Copy")
ITEMS = ("Hex bolt M8 x 40, zinc", "Office chair, mesh back", "A4 paper, 80 g, 5 reams",
         "Toner cartridge TN-2420", "Cable ties 200 mm (100)", "Safety gloves, size 9",
         "LED panel 600 x 600", "Pallet wrap film 23 mu", "Drill bit set HSS 19 pcs",
         "Label printer tape 12 mm", "Extension lead 4-way 5 m", "Stacking crate 60 l")
TOPICS = ("sampling", "calibration", "the pump station", "network security", "the new wing",
          "budget planning", "staff training", "waste sorting", "the spring fair",
          "data retention", "the cooling loop", "field trials")
SENTENCES = (
    "We write to confirm the arrangements discussed at our meeting last week.",
    "The enclosed documents set out the terms in full and should be kept for your records.",
    "Please contact the office if any of the details below are not correct.",
    "The work will start once the site has been cleared and the permits are in place.",
    "Our team has reviewed the figures and found them consistent with the earlier estimate.",
    "A copy of this notice has been sent to each member of the committee.",
    "The results of the inspection are summarised in the table at the end of this letter.",
    "We would be grateful for a reply by the end of the month.",
    "The new schedule takes effect from the first of next month and replaces the old one.",
    "Any questions about the invoice should be sent to the accounts department.",
    "The meeting room on the second floor has been booked for the whole afternoon.",
    "Thank you for your patience while we completed the necessary checks.",
)


def kinds() -> tuple:
    """The kinds of non-paper `make` knows, reportlab's first."""
    return tuple(REPORTLAB) + tuple(LATEX)


def make(kind: str, seed: int = 0) -> bytes:
    """A PDF of `kind` (one of kinds()), varied by `seed`."""
    rng = random.Random(f"{kind}-{seed}")
    if kind in REPORTLAB:
        return REPORTLAB[kind](rng)
    return typeset(LATEX[kind](rng))


def typeset(source: str, runs: int = 1) -> bytes:
    """PDF bytes of a LaTeX source, by pdflatex in a scratch folder (RuntimeError if it fails)."""
    if shutil.which("pdflatex") is None:
        raise RuntimeError("pdflatex is missing (Debian: texlive-latex-base)")
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "doc.tex").write_text(source, encoding="utf-8")
        for _ in range(runs):
            done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                                   "doc.tex"], cwd=folder, capture_output=True, timeout=180,
                                  check=False)
        pdf = Path(folder) / "doc.pdf"
        if done.returncode != 0 or not pdf.exists():
            tail = done.stdout.decode("latin-1")[-600:]
            raise RuntimeError(f"pdflatex failed: {tail}")
        return pdf.read_bytes()


# --- reportlab kinds ----------------------------------------------------------------------


class _Page:
    """A reportlab canvas with a cursor: lines written top down, a new page when one is full."""

    def __init__(self, rng, size: float = 10.0):
        from reportlab.lib.pagesizes import A4
        from reportlab.pdfgen import canvas

        self.buffer = io.BytesIO()
        self.canvas = canvas.Canvas(self.buffer, pagesize=A4, invariant=1)
        self.width, self.height = A4
        self.rng, self.size, self.margin = rng, size, 56.0
        self.y = self.height - self.margin

    def line(self, text: str, x: float = 0.0, size: float | None = None, bold: bool = False,
             step: float = 1.4):
        size = size or self.size
        if self.y < self.margin + size:
            self.new_page()
        self.canvas.setFont("Helvetica-Bold" if bold else "Helvetica", size)
        self.canvas.drawString(self.margin + x, self.y, text)
        self.y -= size * step

    def cells(self, texts: list, stops: list, size: float | None = None, bold: bool = False):
        """One row of a table: each text at its stop (points from the margin); numbers right
        aligned at the stop after them."""
        size = size or self.size
        if self.y < self.margin + size:
            self.new_page()
        self.canvas.setFont("Helvetica-Bold" if bold else "Helvetica", size)
        for text, stop in zip(texts, stops):
            self.canvas.drawString(self.margin + stop, self.y, text)
        self.y -= size * 1.5

    def rule(self):
        self.canvas.line(self.margin, self.y + 4, self.width - self.margin, self.y + 4)
        self.y -= 6

    def skip(self, lines: float = 1.0):
        self.y -= self.size * 1.4 * lines

    def new_page(self):
        self.canvas.showPage()
        self.y = self.height - self.margin

    def pdf(self) -> bytes:
        self.canvas.showPage()
        self.canvas.save()
        return self.buffer.getvalue()


def _name(rng) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def _date(rng, year: int | None = None) -> str:
    return f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{year or rng.randint(2015, 2025)}"


def _address(rng) -> list:
    return [f"{rng.randint(1, 180)} {rng.choice(STREETS)}",
            f"{rng.randint(10000, 99999)} {rng.choice(CITIES)}"]


def _form(rng) -> bytes:
    page = _Page(rng)
    page.line(rng.choice(("Entry Form", "Application for Registration", "Competition Entry",
                          "Request for Funding")) + f" {rng.randint(2016, 2025)}", size=15,
              bold=True, step=2.0)
    fields = ["Full Name", "Date of Birth", "Address", "Postcode", "Telephone", "E-mail",
              "Competition Identification Number", "Title", "Category", "Team Name",
              "School or Organisation", "Supervisor", "Signature", "Date", "Amount Requested",
              "Bank Account Number", "Project Start Date", "Number of Participants",
              "Previous Awards", "Dietary Requirements", "Emergency Contact", "Nationality"]
    number = 0
    for section in range(rng.randint(2, 4)):
        page.line(f"Section {chr(65 + section)}: " + rng.choice(
            ("Applicant", "Project", "Declaration", "Payment", "Team")), bold=True, step=1.8)
        for _ in range(rng.randint(5, 9)):
            number += 1
            label = rng.choice(fields)
            answer = rng.choice(("", "", _name(rng), _date(rng), str(rng.randint(100, 99999))))
            page.line(f"{number}. {label}: {answer}" + ("_" * rng.randint(0, 30)))
        if rng.random() < 0.5:
            page.line("[ ] Yes   [ ] No   I confirm that the information given is correct.")
        page.skip()
    if rng.random() < 0.5:  # an application's referees, under a heading that names a list
        page.line("References", bold=True, size=12, step=1.8)
        for referee in range(1, 3):
            page.line(f"Referee {referee}: Name: {'_' * 25} Position: {'_' * 20}")
            page.line(f"Address: {'_' * 40} Telephone: {'_' * 15}")
    return page.pdf()


def _invoice(rng) -> bytes:
    page = _Page(rng)
    company = rng.choice(COMPANIES)
    page.line(company, size=14, bold=True)
    for part in _address(rng):
        page.line(part)
    page.skip()
    page.line(f"INVOICE No. {rng.randint(2019, 2025)}-{rng.randint(100, 9999):04d}", bold=True)
    page.line(f"Date: {_date(rng)}    Due: {_date(rng)}    Customer No. {rng.randint(1000, 9999)}")
    page.line(f"Bill to: {_name(rng)}, " + ", ".join(_address(rng)))
    page.skip()
    stops = [0, 30, 290, 350, 420]
    page.cells(["Pos.", "Description", "Qty", "Unit price", "Amount"], stops, bold=True)
    total = 0.0
    for position in range(1, rng.randint(6, 16)):
        quantity, price = rng.randint(1, 40), rng.randint(100, 25000) / 100
        total += quantity * price
        page.cells([str(position), rng.choice(ITEMS), str(quantity), f"{price:.2f}",
                    f"{quantity * price:,.2f}"], stops)
    page.rule()
    page.cells(["", "Subtotal", "", "", f"{total:,.2f}"], stops)
    page.cells(["", "VAT 20%", "", "", f"{total * 0.2:,.2f}"], stops)
    page.cells(["", "Total due (EUR)", "", "", f"{total * 1.2:,.2f}"], stops, bold=True)
    page.skip()
    page.line(f"Payment within {rng.choice((14, 30))} days. "
              f"IBAN DE{rng.randint(10**19, 10**20 - 1)}")
    return page.pdf()


def _tax_return(rng) -> bytes:
    page = _Page(rng, size=9)
    year = rng.randint(2015, 2024)
    page.line(f"Form {rng.randint(1000, 1099)}  Individual Income Tax Return  {year}", size=13,
              bold=True, step=2.0)
    page.line(f"Your first name and middle initial: {rng.choice(FIRST)}   Last name: "
              f"{rng.choice(LAST)}   Social security number: {rng.randint(100, 999)}-"
              f"{rng.randint(10, 99)}-{rng.randint(1000, 9999)}")
    page.line("Filing status: [ ] Single  [ ] Married filing jointly  [ ] Head of household")
    page.skip()
    lines = ["Wages, salaries, tips, etc. Attach Form(s) W-2", "Tax-exempt interest",
             "Taxable interest", "Qualified dividends", "Ordinary dividends",
             "IRA distributions", "Taxable amount", "Pensions and annuities",
             "Social security benefits", "Capital gain or (loss). Attach Schedule D",
             "Other income from Schedule 1, line 10", "Total income. Add lines 1 through 8",
             "Adjustments to income from Schedule 1, line 22",
             "Adjusted gross income. Subtract line 10 from line 9",
             "Standard deduction or itemized deductions (from Schedule A)",
             "Qualified business income deduction. Attach Form 8995",
             "Taxable income. Subtract line 14 from line 11", "Tax (see instructions)",
             "Child tax credit or credit for other dependents", "Total tax",
             "Federal income tax withheld from Forms W-2 and 1099", "Amount you owe"]
    for number, label in enumerate(lines[:rng.randint(14, len(lines))], 1):
        amount = f"{rng.randint(0, 90000):,}" if rng.random() < 0.8 else ""
        page.cells([f"{number}{rng.choice(('', 'a', 'b'))}", label, str(number), amount],
                   [0, 22, 380, 410])
    page.skip()
    page.line(f"Sign here: Under penalties of perjury, I declare that I have examined this "
              f"return. Date {_date(rng, year + 1)}")
    return page.pdf()


def _shipping(rng) -> bytes:
    page = _Page(rng, size=9)
    page.line("BILL OF LADING - SHORT FORM - NOT NEGOTIABLE", size=12, bold=True, step=2)
    page.line(f"B/L No. {rng.choice('ABCDEFGH')}{rng.randint(10**6, 10**7)}   "
              f"Date {_date(rng)}   Carrier: {rng.choice(COMPANIES)}")
    page.line(f"Shipper: {rng.choice(COMPANIES)}, " + ", ".join(_address(rng)))
    page.line(f"Consignee: {rng.choice(COMPANIES)}, " + ", ".join(_address(rng)))
    page.line(f"Port of loading: {rng.choice(CITIES)}   Port of discharge: {rng.choice(CITIES)}"
              f"   Vessel: MV {rng.choice(LAST)} Voy. {rng.randint(10, 99)}W")
    page.skip()
    stops = [0, 35, 80, 300, 370, 430]
    page.cells(["No.", "Pkgs", "Description of goods", "HS code", "Gross kg", "m3"], stops,
               bold=True)
    for number in range(1, rng.randint(5, 14)):
        page.cells([str(number), f"{rng.randint(1, 60)} CTN", rng.choice(ITEMS),
                    f"{rng.randint(8400, 9600)}.{rng.randint(10, 99)}",
                    f"{rng.randint(20, 4000):,}", f"{rng.randint(1, 300) / 10:.1f}"], stops)
    page.skip()
    page.line(f"Freight prepaid. Received in apparent good order and condition. Place and date "
              f"of issue: {rng.choice(CITIES)}, {_date(rng)}")
    return page.pdf()


def _figure_list(rng) -> bytes:
    page = _Page(rng)
    chapter = rng.randint(1, 6)
    for heading, word in (("List of Figures", "Figure"), ("List of Tables", "Table")):
        page.line(heading, size=16, bold=True, step=2.2)
        number, at = 0, rng.randint(3, 20)
        for _ in range(rng.randint(10, 24)):
            number += 1
            if rng.random() < 0.2:
                chapter, number = chapter + 1, 1
            at += rng.randint(1, 9)
            caption = rng.choice(("Distribution of", "Mean values of", "Map of", "Layout of",
                                  "Comparison of", "Time series of", "Schematic view of"))
            caption += f" {rng.choice(TOPICS)} in {rng.choice(CITIES)}"
            page.line(f"{word} {chapter}.{number}  {caption} " + ". " * rng.randint(8, 25)
                      + str(at))
        page.skip()
    return page.pdf()


def _number_table(rng) -> bytes:
    page = _Page(rng, size=9)
    first = rng.randint(2000, 2016)
    years = [str(first + step) for step in range(rng.randint(4, 7))]
    for table in range(1, rng.randint(2, 4)):
        page.line(f"Table {table}. {rng.choice(('Output', 'Visitors', 'Admissions', 'Exports'))}"
                  f" by region, {years[0]}-{years[-1]} (thousands)", bold=True, step=1.8)
        stops = [0] + [120 + 60 * index for index in range(len(years))]
        page.cells(["Region"] + years, stops, bold=True)
        for _ in range(rng.randint(8, 18)):
            page.cells([rng.choice(CITIES)] + [f"{rng.randint(100, 99999):,}" for _ in years],
                       stops)
        page.line(f"Source: {rng.choice(COMPANIES)} annual statistics, {years[-1]}.", size=8)
        page.skip()
    return page.pdf()


def _letter(rng) -> bytes:
    page = _Page(rng, size=11)
    sender = _name(rng)
    page.line(sender, bold=True)
    for part in _address(rng):
        page.line(part)
    page.skip()
    month = ("March", "May", "June", "October")
    page.line(f"{rng.choice(CITIES)}, {rng.randint(1, 28)} {rng.choice(month)} "
              f"{rng.randint(2015, 2025)}")
    page.skip()
    page.line(f"Dear {rng.choice(('Ms', 'Mr', 'Dr'))} {rng.choice(LAST)},")
    page.skip(0.5)
    for _ in range(rng.randint(3, 6)):
        text = " ".join(rng.sample(SENTENCES, rng.randint(2, 4)))
        words, line = text.split(), ""
        for word in words:
            if len(line) + len(word) > 85:
                page.line(line)
                line = ""
            line = f"{line} {word}".strip()
        page.line(line)
        page.skip(0.5)
    page.line("Yours sincerely,")
    page.skip(2)
    page.line(sender)
    page.line(rng.choice(("Head of Accounts", "Site Manager", "Secretary", "Director")))
    return page.pdf()


def _drawing(rng) -> bytes:
    """A UML class diagram: boxes with a name, attributes and operations, joined by lines."""
    page = _Page(rng, size=8)
    canvas = page.canvas
    names = rng.sample(("Customer", "Order", "Invoice", "Product", "Account", "Shipment",
                        "Address", "Payment", "Catalogue", "Supplier"), rng.randint(4, 7))
    boxes = []
    for index, name in enumerate(names):
        x = 60 + (index % 3) * 170
        y = page.height - 120 - (index // 3) * 230
        members = [f"- {rng.choice(('id', 'name', 'total', 'date', 'status', 'code'))}: "
                   f"{rng.choice(('int', 'String', 'Date', 'float'))}" for _ in range(3)]
        members += [f"+ {rng.choice(('get', 'set', 'add', 'remove', 'find'))}"
                    f"{rng.choice(names)}(): {rng.choice(('void', 'bool', 'String'))}"
                    for _ in range(rng.randint(1, 3))]
        height = 18 + 11 * len(members)
        canvas.rect(x, y - height, 140, height + 14)
        canvas.setFont("Helvetica-Bold", 9)
        canvas.drawCentredString(x + 70, y + 2, name)
        canvas.setFont("Helvetica", 8)
        for row, member in enumerate(members):
            canvas.drawString(x + 5, y - 12 - 11 * row, member)
        boxes.append((x, y))
    for (x1, y1), (x2, y2) in zip(boxes, boxes[1:]):
        canvas.line(x1 + 140, y1 - 10, x2, y2 - 10)
        canvas.drawString((x1 + x2) / 2 + 70, (y1 + y2) / 2 - 4,
                          f"{rng.choice(('1', '0..1'))}..{rng.choice(('*', '1', 'n'))}")
    canvas.setFont("Helvetica", 7)
    canvas.drawString(60, 40, f"Figure {rng.randint(1, 9)}: class model, version "
                      f"{rng.randint(1, 4)}.{rng.randint(0, 9)}, {_date(rng)}")
    return page.pdf()


def _cv(rng) -> bytes:
    page = _Page(rng, size=10)
    page.line(_name(rng), size=18, bold=True, step=1.8)
    page.line(", ".join(_address(rng))
              + f"  |  +44 {rng.randint(7000, 7999)} {rng.randint(100000, 999999)}")
    page.skip()
    year = rng.randint(1998, 2010)
    for heading, rows in (("Education", 3), ("Experience", rng.randint(3, 6)),
                          ("Skills", 0), ("Languages", 0)):
        page.line(heading, size=13, bold=True, step=1.8)
        for _ in range(rows):
            start, year = year, year + rng.randint(1, 4)
            what = rng.choice(("B.Sc. in Chemistry", "M.A. in History", "Data Analyst",
                               "Project Engineer", "Laboratory Technician", "Teaching Assistant",
                               "Ph.D. in Physics", "Software Developer"))
            page.cells([f"{start}-{year}", f"{what}, {rng.choice(COMPANIES)}, "
                        f"{rng.choice(CITIES)}"], [0, 80])
            page.line(rng.choice(SENTENCES), x=80, size=9)
        if not rows:
            page.line(", ".join(rng.sample(("Python", "SQL", "Excel", "LaTeX", "project "
                                            "management", "German (B2)", "French (C1)",
                                            "driving licence B", "first aid"), 4)))
        page.skip(0.5)
    if rng.random() < 0.6:  # referees, under a heading that names a list
        page.line("References", size=13, bold=True, step=1.8)
        for _ in range(rng.randint(2, 3)):
            page.line(f"{rng.choice(('Prof.', 'Dr', 'Ms', 'Mr'))} {_name(rng)}, "
                      f"{rng.choice(('Head of Department', 'Line Manager', 'Supervisor'))}, "
                      f"{rng.choice(COMPANIES)}, {rng.choice(CITIES)}")
            page.line(f"Tel. +44 {rng.randint(1000, 1999)} {rng.randint(100000, 999999)}, "
                      f"{rng.choice(LAST).lower()}@example.org", x=12)
    return page.pdf()


def _programme(rng) -> bytes:
    page = _Page(rng, size=9.5)
    year = rng.randint(2015, 2025)
    page.line(f"Workshop on {rng.choice(TOPICS).title()} {year} - Programme", size=14, bold=True,
              step=2)
    page.line(f"{rng.choice(CITIES)}, {rng.randint(1, 25)}-{rng.randint(26, 28)} September {year}")
    for day in range(1, rng.randint(2, 4)):
        page.skip()
        page.line(f"Day {day}", size=12, bold=True, step=1.8)
        hour, minute = 9, 0
        for _ in range(rng.randint(6, 10)):
            length = rng.choice((20, 30, 45))
            end_hour, end_minute = hour + (minute + length) // 60, (minute + length) % 60
            title = (rng.choice(("Keynote:", "Session:", ""))
                     + f" {rng.choice(TOPICS).capitalize()}"
                     + rng.choice((" in practice", " revisited", ": lessons learned", " at scale")))
            speaker = f"{rng.choice(FIRST)[0]}. {rng.choice(LAST)} ({rng.choice(CITIES)})"
            page.cells([f"{hour:02d}:{minute:02d}-{end_hour:02d}:{end_minute:02d}",
                        f"{title.strip()} - {speaker}"], [0, 75])
            hour, minute = end_hour, end_minute
            if rng.random() < 0.2:
                page.cells(["", "Coffee break"], [0, 75])
    return page.pdf()


def _procedure(rng) -> bytes:
    page = _Page(rng, size=10)
    page.line(f"Procedure {rng.choice('ABCDEF')}-{rng.randint(10, 99)}: "
              f"{rng.choice(TOPICS).capitalize()}", size=14, bold=True, step=2)
    page.line(f"Revision {rng.randint(1, 9)}, issued {_date(rng)}, approved by {_name(rng)}")
    steps = ("Switch off the main supply and lock the isolator in the off position.",
             "Check that the pressure gauge reads zero before opening the cover.",
             "Remove the four screws of the front panel and keep them in the tray.",
             "Record the meter reading in the log book with the date and your initials.",
             "Clean the filter with warm water; do not use solvents.",
             "Refit the panel and tighten the screws to 4 Nm.",
             "Restore the supply and wait 5 minutes for the system to settle.",
             "Report any leak or unusual noise to the supervisor at once.",
             "Dispose of used parts in the marked container.",
             "Sign the checklist and hand it to the shift leader.")
    for section in range(1, rng.randint(2, 4)):
        page.skip(0.5)
        name = rng.choice(("Preparation", "Inspection", "Maintenance", "Close-out"))
        page.line(f"{section}. {name}", bold=True, step=1.6)
        for number, step in enumerate(rng.sample(steps, rng.randint(4, 8)), 1):
            page.line(f"{section}.{number} {step}", x=14)
    return page.pdf()


REPORTLAB = {"form": _form, "invoice": _invoice, "tax_return": _tax_return,
             "shipping": _shipping, "figure_list": _figure_list, "number_table": _number_table,
             "letter": _letter, "drawing": _drawing, "cv": _cv, "programme": _programme,
             "procedure": _procedure}


# --- a garbage font encoding (raw PDF) --------------------------------------------------


def garbled(rng=None, pages_ok: int = 1, pages_bad: int = 2, shift: int = 29,
            pages: list | None = None) -> bytes:
    """Prose over `pages_ok` pages in Helvetica, then `pages_bad` pages in the same font whose
    ToUnicode map is wrong (each code mapped `shift` below it: "Wkh uhvxowv", "DQG"; with 0
    each letter to a punctuation mark), so the page looks right and its text layer is
    garbage. `pages` (lists of lines) replaces the prose. Written as raw PDF: reportlab
    writes no ToUnicode of one's choosing."""
    rng = rng or random.Random(0)
    if pages is None:
        pages = [[" ".join(rng.sample(SENTENCES, 2))[:90] for _ in range(50)]
                 for _ in range(pages_ok + pages_bad)]
    contents = []
    for number, rows in enumerate(pages):
        font = "F2" if number >= pages_ok else "F1"
        shown = [text.replace("\\", "").replace("(", "[").replace(")", "]") for text in rows]
        contents.append("\n".join(f"BT /{font} 10 Tf 56 {780 - 14 * row} Td ({text}) Tj ET"
                                   for row, text in enumerate(shown)).encode("cp1252"))
    cmap = _to_unicode({code: _garbled(code, shift) for code in range(32, 127)})
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", None,
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding"
               b" /ToUnicode 5 0 R >>",
               b"<< /Length %d >>\nstream\n" % len(cmap) + cmap + b"\nendstream"]
    kids = []
    for content in contents:
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents %d 0 R"
                       b" /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>" % (len(objects)))
        kids.append(len(objects))
    objects[1] = (b"<< /Type /Pages /Kids [%s] /Count %d >>"
                  % (b" ".join(b"%d 0 R" % kid for kid in kids), len(kids)))
    return _pdf(objects)


def _garbled(code: int, shift: int) -> int:
    """Where a broken map sends a code: `shift` below it, or with shift 0 each letter to a
    punctuation mark (space kept)."""
    if shift:
        return max(32, code - shift)
    return code if code == 32 or not chr(code).isalpha() else 33 + code % 15


def _to_unicode(mapping: dict) -> bytes:
    pairs = "\n".join(f"<{code:02X}> <{target:04X}>" for code, target in sorted(mapping.items()))
    return ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            "/CMapName /Garbled def /CMapType 2 def\n1 begincodespacerange <00> <FF> "
            f"endcodespacerange\n{len(mapping)} beginbfchar\n{pairs}\nendbfchar\n"
            "endcmap CMapName currentdict /CMap defineresource pop end end").encode("ascii")


def _pdf(objects: list) -> bytes:
    out, offsets = io.BytesIO(), []
    out.write(b"%PDF-1.4\n")
    for number, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
              % (len(objects) + 1, xref))
    return out.getvalue()


REPORTLAB["garbled"] = lambda rng: garbled(rng, pages_ok=rng.randint(0, 1),
                                           pages_bad=rng.randint(1, 3),
                                           shift=rng.choice((29, 3, -3, 0)))


# --- LaTeX kinds --------------------------------------------------------------------------


def _slides(rng) -> str:
    theme = rng.choice(("default", "Madrid", "Warsaw", "Boadilla", "CambridgeUS"))
    frames = []
    for number in range(rng.randint(6, 12)):
        items = "\n".join(f"  \\item {rng.choice(SENTENCES)}" for _ in range(rng.randint(2, 5)))
        frames.append(f"\\begin{{frame}}{{{rng.choice(TOPICS).capitalize()} ({number + 1})}}\n"
                      f"\\begin{{itemize}}\n{items}\n\\end{{itemize}}\n\\end{{frame}}")
    return (f"\\documentclass{{beamer}}\n\\usetheme{{{theme}}}\n"
            f"\\title{{{rng.choice(TOPICS).capitalize()}: a progress report}}\n"
            f"\\author{{{_name(rng)}}}\\date{{{_date(rng)}}}\n\\begin{{document}}\n"
            "\\frame{\\titlepage}\n" + "\n".join(frames) + "\n\\end{document}\n")


STATEMENTS = ("Every bounded monotone sequence of real numbers converges.",
              "If $f$ is continuous on $[a,b]$ then $f$ attains its maximum on $[a,b]$.",
              "The sum of two even integers is even.",
              "For all $n \\geq 1$ we have $1 + 2 + \\dots + n = n(n+1)/2$.",
              "A group of prime order $p$ is cyclic.",
              "Let $A$ be an $n \\times n$ matrix with $\\det A \\neq 0$. Then $A$ is invertible.",
              "There are infinitely many prime numbers.",
              "If $x^2 = 2$ then $x$ is irrational.",
              "Every finite integral domain is a field.",
              "The composition of two injective maps is injective.",
              "Show that $\\sqrt{3}$ is irrational (Smith, 1998, p. 12).",
              "Compute $\\int_0^1 x^2\\,dx$ and check the answer of Exercise 2.3.")


def _lecture_notes(rng) -> str:
    body = []
    for chapter in range(1, rng.randint(3, 5)):
        name = rng.choice(("Sequences", "Groups", "Continuity", "Matrices", "Primes", "Integrals"))
        body.append(f"\\section{{{name}}}")
        body.append(" ".join(rng.sample(SENTENCES, 3)))
        for _ in range(rng.randint(6, 12)):
            kind = rng.choice(("theorem", "lemma", "definition", "exercise", "example"))
            body.append(f"\\begin{{{kind}}}{rng.choice(STATEMENTS)}\\end{{{kind}}}")
            if kind in ("theorem", "lemma") and rng.random() < 0.6:
                body.append("\\begin{proof}" + rng.choice(SENTENCES) + "\\end{proof}")
        if rng.random() < 0.7:
            body.append("\\begin{enumerate}" + "".join(
                f"\\item {rng.choice(STATEMENTS)}\n" for _ in range(rng.randint(5, 15)))
                + "\\end{enumerate}")
    return ("\\documentclass{article}\n\\usepackage{amsmath,amsthm}\n"
            "\\newtheorem{theorem}{Theorem}[section]\n\\newtheorem{lemma}[theorem]{Lemma}\n"
            "\\theoremstyle{definition}\\newtheorem{definition}[theorem]{Definition}\n"
            "\\newtheorem{exercise}{Exercise}[section]\\newtheorem{example}[theorem]{Example}\n"
            f"\\title{{Lecture Notes: {rng.choice(('Analysis I', 'Algebra', 'Number Theory'))}}}"
            f"\\author{{{_name(rng)}}}"
            f"\\date{{Term {rng.randint(1, 3)}, {rng.randint(2012, 2025)}}}\n"
            "\\begin{document}\\maketitle\n" + "\n\n".join(body) + "\n\\end{document}\n")


def _problem_sheet(rng) -> str:
    items = "\n".join(f"\\item ({rng.randint(2, 10)} marks) {rng.choice(STATEMENTS)} "
                      f"{rng.choice(('Prove it.', 'Give a counterexample or a proof.', ''))}"
                      for _ in range(rng.randint(8, 20)))
    return ("\\documentclass[11pt]{article}\n\\usepackage{amsmath}\n\\begin{document}\n"
            f"\\section*{{Problem Sheet {rng.randint(1, 9)} --- due {_date(rng)}}}\n"
            f"{rng.choice(SENTENCES)}\n\\begin{{enumerate}}\n{items}\n\\end{{enumerate}}\n"
            "\\end{document}\n")


LATEX = {"slides": _slides, "lecture_notes": _lecture_notes, "problem_sheet": _problem_sheet}
