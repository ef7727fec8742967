"""bprops of the primitives in operations/attention_ops.py."""
