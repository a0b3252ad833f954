"""Sub-commands of `reftag`: each module has configure(parser) and run(args)."""
