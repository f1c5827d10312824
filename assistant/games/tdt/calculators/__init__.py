"""Tomorrow Dies Today calculators: one module per family, each exporting OPERATIONS."""
