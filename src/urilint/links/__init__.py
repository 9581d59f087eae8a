"""Local link integrity (URI401-URI403): relative references resolved against the checked tree.

Pure parts only: the file system is reached through a :class:`~urilint.links.tree.Tree`.
"""
