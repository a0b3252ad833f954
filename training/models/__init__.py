"""What builds a model or fitted constant the package ships: the reference tagger's recipe
(build_model, augment, calibrate_auto), the finder's line and boundary models, likeness's
weights."""
