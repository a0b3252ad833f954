"""The CRF sequence labeller: from tokens to one label per token, with its confidence.

features spells out each token's attributes (word and context features, then a window over the
neighbours); encode turns them straight into label scores from the model's weights; decode runs
Viterbi and the marginals over many references at once; model loads a model file safely
(hash-checked manifest beside it) and tags with it; stretches keeps the one-stretch fields
(author, title, pages) in one piece. train writes a model from annotated records and finetune
warm-starts one from a trained model's weights.
"""
