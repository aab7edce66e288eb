"""numba.core's place in pyjit: only `pyjit.core.errors`, so that a program
ported by renaming `numba` to `pyjit` keeps its warning filters and except
clauses (`from pyjit.core.errors import NumbaPerformanceWarning`)."""

from . import errors  # noqa: F401,E402  (pyjit.core.errors after `import pyjit`, as numba's)
