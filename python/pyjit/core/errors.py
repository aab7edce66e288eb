"""numba.core.errors' names for pyjit's errors and warnings (docs/porting.md).

A program ported by renaming `numba` to `pyjit` keeps lines such as

    from pyjit.core.errors import NumbaPerformanceWarning, TypingError
    warnings.simplefilter("ignore", category=NumbaPerformanceWarning)

and they act on pyjit's classes: NumbaPerformanceWarning is
pyjit.PerformanceWarning, TypingError is pyjit.CompileError, and so on.
NumbaDeprecationWarning and NumbaPendingDeprecationWarning are classes pyjit
never gives (it has no deprecated API); filtering them does nothing.
"""
from ..errors import (CompileError, DeprecationError, InvalidConfigWarning, PerformanceWarning,
                      PyjitError, PyjitWarning)

NumbaError = PyjitError
TypingError = CompileError
NumbaWarning = PyjitWarning
NumbaPerformanceWarning = PerformanceWarning
NumbaInvalidConfigWarning = InvalidConfigWarning


class NumbaDeprecationWarning(PyjitWarning, DeprecationWarning):
    """numba's; pyjit gives none."""


class NumbaPendingDeprecationWarning(PyjitWarning, PendingDeprecationWarning):
    """numba's; pyjit gives none."""


__all__ = ["NumbaError", "TypingError", "DeprecationError", "NumbaWarning",
           "NumbaPerformanceWarning", "NumbaInvalidConfigWarning", "NumbaDeprecationWarning",
           "NumbaPendingDeprecationWarning"]
