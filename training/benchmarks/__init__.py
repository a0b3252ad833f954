"""Speed, sameness and rivals: timings of parsing, finding, PDF reading, serving and
retraining; checks that a faster path gives the same answers; other tools scored by our
harness."""
