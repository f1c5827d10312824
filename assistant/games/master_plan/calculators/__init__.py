"""All Part of the Master Plan calculators: one module per family, each exporting OPERATIONS."""
