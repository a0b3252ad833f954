"""The text stages, before any label: what a reference is made of.

sniff tells text from binary input; likeness says how much a string looks like a reference at
all; normalize repairs what a PDF copy does to the text, keeping a map back to the raw offsets;
tokenize splits it into tokens with their offsets; lexicon holds the word lists (given names,
venue and publisher words; ISO 4 abbreviations and the corpora's words in lexicons/) that the
tokenizer, the features and the rules share. Nothing here imports from the rest of the package.
"""
