"""What a parsed reference becomes for the people and tools that read it.

reference holds the result record (docs/design.md's output contract); formats writes records as
JSON, JSONL, CSL-JSON, BibTeX (with latex's escapes), RIS and tagged XML; view is the readable
text for a terminal, coloured by palette, the one colour per label that the web page shares.
"""
