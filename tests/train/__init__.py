"""Training: checkpoint serialization."""
