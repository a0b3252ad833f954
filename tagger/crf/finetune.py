"""Fine-tune a trained CRF on new references, starting from its weights (a warm start).

crfsuite always trains from zero, so adding a style to the shipped model with it means training
on all 14,250 references again (about five minutes a model on one core). Here the shipped
model's weights are the starting point and the anchor: L-BFGS (scipy) minimizes the new
references' negative log-likelihood, with a sample of the shipped model's own data replayed
beside them, plus a pull back to the shipped weights. Forward-backward runs in numpy on batches
of references of one length.

Only the state weights of attributes the new references hold move: the others say nothing
about the new style, and letting them move only fits the replayed sample (the shipped model has
39,000 attributes, the replayed sample 169,000, 200 new references 20,000). Everything else is
added to each token's scores once, as a constant. The pull back to a weight is the stronger
the more the shipped model's data pinned it down: an L2 term plus the diagonal of the Fisher
information the replayed references give it under the shipped model (elastic weight
consolidation: the replayed 2,000 stand for all the data the weight was learnt from; the factor,
3, was chosen on training/benchmarks/bench_retrain.py). So a weight every reference uses
(a word's shape, the bias) barely moves, and one the new style brings moves freely.

The result is written as a real CRFsuite model: crfsuite itself writes a file holding exactly
the tuned model's features (one iteration on one synthetic sequence per state, whose items
carry that state's attributes), and the weights in its feature table are then set to the
tuned ones. So every reader (crfsuite's tagger, `model.read_weights`, info, serve) takes it
as any other model.
"""

import struct
import time
from pathlib import Path

import numpy as np

from .features import FEATURE_VERSION
from ..labels import BEGIN, LABELS, field_of
from .model import _HEADER, file_sha256, read_weights

PRUNE = 1e-3  # a tuned weight this small, where the base had none, is left out of the model
ITEM_ATTRIBUTES = 1000  # attributes on one synthetic item of the skeleton


def finetune(base_model, user, replay, model_path, weight=1, l2=1.0, fisher=3.0,
             iterations=40, progress=None) -> dict:
    """Tune `base_model`'s state weights on the featurized sequences and states `user`
    ((xs, ys), each counted `weight` times) with `replay` ((xs, ys), the base model's own data)
    beside them; write `model_path`; return a manifest (its "training" part left for the
    caller). The pull back to the base weights is `l2` plus `fisher` times the Fisher
    information the replayed references give each weight."""
    from scipy.optimize import minimize
    from scipy.sparse import csr_matrix

    started = time.perf_counter()
    base = read_weights(base_model)
    column = base.column
    ux, uy, rx, ry = [], [], [], []
    for (xs, ys), (into_x, into_y) in ((user, (ux, uy)), (replay, (rx, ry))):
        for x, y in zip(xs, ys):
            if all(state in column for state in y):  # a state the base has not: left out
                into_x.append(x)
                into_y.append(y)
    xs, ys = ux + rx, uy + ry
    weights = np.array([weight] * len(ux) + [1] * len(rx), dtype=float)

    # The rows that move: the attributes of the user's references (new ones start at zero).
    moving = {}
    for sequence in ux:
        for attributes in sequence:
            for attribute in attributes:
                moving.setdefault(attribute, len(moving))
    names = list(moving)
    fixed_row = {a: i for a, i in base.row.items() if a not in moving}
    (rows, cols), (fixed_rows, fixed_cols) = _occurrences(xs, (moving, fixed_row))
    if progress is not None:  # iteration 0: most of the setting up (a second) is done
        progress(0, None)
    token = sum(map(len, xs))
    tokens = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(token, len(names)))
    by_attribute = tokens.T.tocsr()
    fixed = csr_matrix((np.ones(len(fixed_rows)), (fixed_rows, fixed_cols)),
                       shape=(token, len(base.state))) @ base.state
    start = np.zeros((len(names), len(base.labels)))
    known = [j for j, name in enumerate(names) if name in base.row]
    start[known] = base.state[[base.row[names[j]] for j in known]]
    gold = np.array([column[state] for states in ys for state in states])
    every = np.arange(token)
    token_weight = np.repeat(weights, [len(s) for s in xs])
    lengths = np.array([len(s) for s in xs])
    offsets = np.concatenate([[0], np.cumsum(lengths)])
    batches = _batches(lengths)
    transition = base.transition
    edges = np.exp(transition)
    gold_transition = sum(w * transition[column[a], column[b]]
                          for states, w in zip(ys, weights) for a, b in zip(states, states[1:]))
    shape = start.shape

    # The pull back: each weight's Fisher information on the replayed tokens under the base
    # model (diagonal: a token's marginal variance for the state, summed over its attributes).
    marginal, _ = _forward_backward(fixed + tokens @ start, edges, batches, offsets, lengths)
    variance = marginal * (1 - marginal)
    variance[:offsets[len(ux)]] = 0  # the user's own tokens are not the base's data
    pull = l2 + fisher * (by_attribute @ variance)

    def objective(flat):
        state = flat.reshape(shape)
        scores = fixed + tokens @ state
        marginal, log_z = _forward_backward(scores, edges, batches, offsets, lengths)
        gold_score = (token_weight * scores[every, gold]).sum() + gold_transition
        drift = state - start
        loss = (weights * log_z).sum() - gold_score + (pull * drift ** 2).sum()
        marginal *= token_weight[:, None]
        marginal[every, gold] -= token_weight
        gradient = by_attribute @ marginal + 2 * pull * drift
        last[1] = loss
        return loss, gradient.ravel()

    last = [0, None]  # iterations done, the latest loss

    def step(_):
        last[0] += 1
        if progress is not None:
            progress(last[0], last[1])

    result = minimize(objective, start.ravel(), jac=True, method="L-BFGS-B", callback=step,
                      options={"maxiter": iterations, "maxcor": 10})
    tuned = result.x.reshape(shape)

    # The model's state weights: the base's, with the tuned rows over them (a tuned weight
    # under PRUNE where the base had none left out, as L1 would have).
    state = {}
    rows_, columns_ = np.nonzero(base.state[:-1])
    attributes = list(base.row)
    for i, j in zip(rows_.tolist(), columns_.tolist()):
        if attributes[i] not in moving:
            state[attributes[i], j] = base.state[i, j]
    had = np.zeros_like(tuned)
    had[known] = start[known]
    rows_, columns_ = np.nonzero((np.abs(tuned) >= PRUNE) | (had != 0))
    for i, j in zip(rows_.tolist(), columns_.tolist()):
        state[names[i], j] = tuned[i, j]
    write_model(model_path, base.labels, state, transition)
    return {
        "format": "crfsuite",
        "feature_version": FEATURE_VERSION,
        "labels": sorted({field_of(label) for label in base.labels}),
        "begin_labels": sorted({field_of(label) for label in base.labels
                                if label.startswith(BEGIN)}),
        "label_set": list(LABELS),
        "params": {"l2_to_base": l2, "fisher_to_base": fisher, "max_iterations": iterations},
        "train_seconds": round(time.perf_counter() - started, 1),
        "iterations": int(result.nit),
        "sha256": file_sha256(model_path),
    }


def _occurrences(xs, indexes) -> list[tuple[list, list]]:
    """For each of the disjoint indexes ({attribute: column}): the (token, column) pairs of the
    attributes of `xs`'s tokens it holds."""
    found = [([], []) for _ in indexes]
    token = 0
    for sequence in xs:
        for attributes in sequence:
            for attribute in attributes:
                for index, (rows, cols) in zip(indexes, found):
                    j = index.get(attribute)
                    if j is not None:
                        rows.append(token)
                        cols.append(j)
                        break
            token += 1
    return found


def _batches(lengths) -> list[np.ndarray]:
    """Indices of the sequences of each length: forward-backward runs on each as one array."""
    order = np.argsort(lengths, kind="stable")
    bounds = np.flatnonzero(np.diff(lengths[order])) + 1
    return [group for group in np.split(order, bounds) if lengths[group[0]]]


def _forward_backward(scores, edges, batches, offsets, lengths):
    """Each token's state marginals and each sequence's log partition, in probability space
    with every step normalized (its log kept), like crfsuite."""
    marginal = np.empty_like(scores)
    log_z = np.zeros(len(lengths))
    for group in batches:
        n = lengths[group[0]]
        index = offsets[group][:, None] + np.arange(n)[None, :]  # (batch × n) token rows
        s = scores[index]  # batch × n × states
        top = s.max(axis=2, keepdims=True)
        states = np.exp(s - top)
        forward = np.empty_like(states)
        norms = np.empty((len(group), n))
        value = states[:, 0]
        for t in range(n):
            if t:
                value = (value @ edges) * states[:, t]
            norm = value.sum(axis=1)
            value = value / norm[:, None]
            forward[:, t] = value
            norms[:, t] = norm
        backward = np.empty_like(states)
        value = np.ones((len(group), edges.shape[0]))
        backward[:, n - 1] = value
        for t in range(n - 2, -1, -1):
            value = (value * states[:, t + 1]) @ edges.T
            value = value / norms[:, t + 1][:, None]
            backward[:, t] = value
        joint = forward * backward
        joint /= joint.sum(axis=2, keepdims=True)
        marginal[index.ravel()] = joint.reshape(-1, joint.shape[2])
        log_z[group] = np.log(norms).sum(axis=1) + top[:, :, 0].sum(axis=1)
    return marginal, log_z


def write_model(path, labels, state: dict, transition) -> None:
    """A CRFsuite model with these states, state weights ({(attribute, state column): w}) and
    transitions: crfsuite writes the skeleton, the weights are then set in its feature table."""
    import pycrfsuite

    by_state = {}
    for attribute, j in state:
        by_state.setdefault(j, []).append(attribute)
    trainer = pycrfsuite.Trainer(verbose=False)
    trainer.select("lbfgs")
    trainer.set_params({"c1": 0.0, "c2": 0.0, "max_iterations": 1,
                        "feature.possible_transitions": True})
    for j, label in enumerate(labels):
        attributes = sorted(by_state.get(j, [])) or ["bias"]
        items = [attributes[i:i + ITEM_ATTRIBUTES]
                 for i in range(0, len(attributes), ITEM_ATTRIBUTES)]
        trainer.append(items, [label] * len(items))
    # Every transition once, so that each has a gradient and crfsuite keeps it (a feature
    # whose weight stays zero is left out of the file).
    walk = [label for first in labels for label in (first, *labels)]
    trainer.append([["bias"]] * len(walk), walk)
    path = Path(path)
    trainer.train(str(path))
    data = bytearray(path.read_bytes())
    skeleton = read_weights(path)
    *_, features, _, _, _, _ = _HEADER.unpack_from(data)
    count = struct.unpack_from("<I", data, features + 8)[0]
    table = np.frombuffer(data, dtype=skeleton_dtype(), count=count, offset=features + 12)
    attributes = {i: name for name, i in skeleton.row.items()}
    column = {label: j for j, label in enumerate(labels)}
    into = [column[label] for label in skeleton.labels]  # skeleton's label id → ours
    weight = np.empty(count)
    written = 0  # the state weights given that found their feature
    for n, (kind, source, destination, _) in enumerate(table):
        if kind == 0:
            value = state.get((attributes[source], into[destination]))
            written += value is not None
            weight[n] = value or 0.0
        else:
            weight[n] = transition[into[source], into[destination]]
    if written != len(state) or int((table["type"] == 1).sum()) != len(labels) ** 2:
        raise RuntimeError("crfsuite left features out of the model skeleton")
    table = table.copy()
    table["weight"] = weight
    data[features + 12:features + 12 + table.nbytes] = table.tobytes()
    path.write_bytes(bytes(data))


def skeleton_dtype():
    from .decode import FEATURE

    return FEATURE
