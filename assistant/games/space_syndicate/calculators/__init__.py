"""Syndicate calculators: one module per family, each exporting OPERATIONS."""
