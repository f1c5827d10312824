"""One blueprint per module; views load input, call the core, dump output."""
