"""numba.cuda's CUDA vector types: `cuda.float32x3`, `cuda.int2`, ...

A vector type `<base>x<N>` (base int8..int64, uint8..uint64, float32 or
float64; N 1-4) is a named tuple with fields x, y, z, w (the first N), each
of the base type. CUDA C's aliases are the same types: char, short, int,
long, longlong (int64: long is 64-bit on Linux), their u-prefixed unsigned
forms, float and double, each followed by N (`float3` is `float32x3`).
Source: numba-cuda's documentation, "CUDA-Specific Types".

The constructor takes numbers and vectors whose components add up to N
(`uint32x4(u2, u2)`); in kernels it converts them to the base type as a
cast does. On the host it gives the same named tuple, with NumPy scalars
of the base type (TypeError for a wrong component count, as the kernel's
compile error). `v.x` reads a component; vectors pass to and return from
device functions, and as kernel arguments, as tuples do.
"""
import collections

import numpy as np

BASES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float32", "float64")
ALIASES = {"char": "int8", "short": "int16", "int": "int32", "long": "int64",
           "longlong": "int64", "uchar": "uint8", "ushort": "uint16", "uint": "uint32",
           "ulong": "uint64", "ulonglong": "uint64", "float": "float32", "double": "float64"}
_FIELDS = ("x", "y", "z", "w")


def _make(base, n):
    name = "%sx%d" % (base, n)
    scalar = np.dtype(base).type

    def __new__(cls, *components):
        flat = []
        for c in components:
            if isinstance(c, tuple) and getattr(type(c), "_pyjit_vector", None):
                flat.extend(c)
            else:
                flat.append(c)
        if len(flat) != n:
            raise TypeError("%s() needs %d component%s, got %d"
                            % (name, n, "" if n == 1 else "s", len(flat)))
        return tuple.__new__(cls, [scalar(c) for c in flat])

    cls = type(name, (collections.namedtuple(name, _FIELDS[:n]),),
               {"__new__": __new__, "__slots__": (), "__module__": "pyjit.cuda",
                "_pyjit_path": "cuda.vector." + name, "_pyjit_vector": (base, n),
                "__doc__": "CUDA vector type %s: %d %s component%s (%s)." % (
                    name, n, base, "" if n == 1 else "s", ", ".join(_FIELDS[:n]))})
    return cls


def vector_types():
    """{name: class} for every canonical name and alias."""
    types = {}
    for base in BASES:
        for n in range(1, 5):
            types["%sx%d" % (base, n)] = _make(base, n)
    for alias, base in ALIASES.items():
        for n in range(1, 5):
            types["%s%d" % (alias, n)] = types["%sx%d" % (base, n)]
    return types
