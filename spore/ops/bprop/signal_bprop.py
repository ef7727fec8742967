"""bprops of the primitives in operations/signal_ops.py."""
