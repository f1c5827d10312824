"""marshmallow schemas: one module per resource (XIn for input, XOut for output)."""
