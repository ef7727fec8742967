"""`mindspore.rewrite.api`: MindSpore's modules of the public rewrite classes, aliases of
the spore.rewrite modules that define them."""
