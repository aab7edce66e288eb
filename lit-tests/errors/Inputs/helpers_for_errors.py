# A module that lit-tests/errors/module-attribute-missing.py reads by attribute.
SCALE = 2.0
