"""The label colours (tagger/output/palette.py) stay apart for people with colour-blindness.

Each colour is seen as a person with protanopia, deuteranopia or tritanopia would see it
(Machado, Oliveira & Fernandes 2009, severity 1, applied in linear RGB), and the labels that
sit side by side in references must stay CIEDE2000 ΔE ≥ MIN_DELTA_E apart under normal vision
and each simulation. Text on each label's colour, as the web page draws it (the colour mixed
into the panel at SELECTED_MIX, the strongest tint the page uses), keeps WCAG contrast ≥ 4.5.
"""

import math
from itertools import combinations

import pytest

from tagger.output.palette import LABEL_COLORS

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ["normal", *MACHADO]

# Labels that follow one another in references: a reader has to tell these apart at a glance.
NEIGHBOURS = [
    ("author", "editor"), ("author", "translator"), ("editor", "translator"),
    ("venue", "pages"), ("venue", "volume"), ("pages", "volume"), ("volume", "issue"),
    ("title", "venue"), ("title", "author"), ("year", "author"), ("year", "pages"),
    ("publisher", "location"), ("series", "title"), ("doi", "url"), ("edition", "title"),
]
MIN_DELTA_E = 15

# The page's themes (tagger/serve/static/app.css): text colour, panel colour.
THEMES = {"light": ("#1d1d1f", "#ffffff"), "dark": ("#ececee", "#202024")}
SELECTED_MIX = 0.45  # `.tok.selected`: color-mix(in srgb, var(--c) 45%, transparent) on the panel


def rgb(hex_color):
    return tuple(int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5))


def linear(channel):
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def gamma(channel):
    channel = min(1.0, max(0.0, channel))
    return 12.92 * channel if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def seen(color, vision):
    """The sRGB colour a person with `vision` sees."""
    if vision == "normal":
        return color
    lin = [linear(c) for c in color]
    return tuple(gamma(sum(m * c for m, c in zip(row, lin))) for row in MACHADO[vision])


def lab(color):
    r, g, b = (linear(c) for c in color)
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
           0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)
    white = (0.95047, 1.0, 1.08883)  # D65

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, white))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1, lab2):
    """ΔE00 (Sharma, Wu & Dalal 2005)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dL, dC = L2 - L1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    L_mean, c_mean_p = (L1 + L2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    s_l = 1 + 0.015 * (L_mean - 50) ** 2 / math.sqrt(20 + (L_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean_p
    s_h = 1 + 0.015 * c_mean_p * t
    r_t = (-2 * math.sqrt(c_mean_p ** 7 / (c_mean_p ** 7 + 25 ** 7))
           * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))))
    return math.sqrt((dL / s_l) ** 2 + (dC / s_c) ** 2 + (dH / s_h) ** 2
                     + r_t * (dC / s_c) * (dH / s_h))


def luminance(color):
    r, g, b = (linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one, other):
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def mix(color, base, share):
    return tuple(share * c + (1 - share) * b for c, b in zip(color, base))


def delta_e(one, other, vision):
    return ciede2000(lab(seen(rgb(one), vision)), lab(seen(rgb(other), vision)))


# --- the measures themselves, against published values -----------------------------------------

@pytest.mark.parametrize("lab1, lab2, expected", [  # Sharma, Wu & Dalal's test data, pairs 1, 7, 17
    ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
    ((50, 0, 0), (50, -1, 2), 2.3669),
    ((50, 2.5, 0), (73, 25, -18), 27.1492),
])
def test_ciede2000_matches_the_published_pairs(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_simulations_keep_greys_and_merge_what_each_vision_confuses():
    for vision in MACHADO:
        assert seen(rgb("#808080"), vision) == pytest.approx(rgb("#808080"), abs=2 / 255)
    assert delta_e("#d62728", "#2ca02c", "normal") > 60  # red and green
    assert delta_e("#d62728", "#2ca02c", "deuteranopia") < 25  # what deuteranopes mix up
    assert contrast(rgb("#000000"), rgb("#ffffff")) == pytest.approx(21)


# --- the palette -------------------------------------------------------------------------------

def test_every_label_has_a_colour_and_the_neighbours_are_labels():
    from tagger.labels import LABELS
    assert set(LABEL_COLORS) == set(LABELS) - {"O"}
    assert {label for pair in NEIGHBOURS for label in pair} <= set(LABEL_COLORS)


@pytest.mark.parametrize("vision", VISIONS)
def test_neighbouring_labels_stay_apart(vision):
    close = {f"{a}/{b}": round(delta_e(LABEL_COLORS[a], LABEL_COLORS[b], vision), 1)
             for a, b in NEIGHBOURS
             if delta_e(LABEL_COLORS[a], LABEL_COLORS[b], vision) < MIN_DELTA_E}
    assert not close, f"under {vision}, ΔE00 < {MIN_DELTA_E}: {close}"


@pytest.mark.parametrize("theme", THEMES)
def test_text_on_every_label_colour_is_readable(theme):
    text, panel = (rgb(c) for c in THEMES[theme])
    poor = {label: round(contrast(text, mix(rgb(color), panel, SELECTED_MIX)), 2)
            for label, color in LABEL_COLORS.items()
            if contrast(text, mix(rgb(color), panel, SELECTED_MIX)) < 4.5}
    assert not poor, f"{theme} theme: text on these labels' colour is under 4.5:1: {poor}"


def test_no_two_labels_share_a_colour_under_any_vision():
    for vision in VISIONS:
        for a, b in combinations(LABEL_COLORS, 2):
            assert delta_e(LABEL_COLORS[a], LABEL_COLORS[b], vision) > 5, (vision, a, b)
