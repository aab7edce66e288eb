"""numba's `register_jitable` for pyjit: a plain Python function that kernels
and device functions may call, compiled as a device function there, and
still an ordinary function in Python.

    from pyjit.extending import register_jitable   # numba.extending's

    @register_jitable
    def clamp(x, lo, hi):
        return min(max(x, lo), hi)

Functions given to numba's own `numba.extending.register_jitable` (or
`numba.cuda.extending`'s) are taken too, when numba is loaded. numba's
`@overload` and `@intrinsic` are not: their CUDA implementations are numba
IR, not Python source pyjit compiles.
"""

__all__ = ["register_jitable"]


def register_jitable(*args, **kwargs):
    """`@register_jitable` or `@register_jitable(**options)`: marks the
    function as callable from kernels (returned unchanged). numba's options
    (`inline=`, `_nrt=`, ...) are accepted and have no effect: pyjit
    inlines device functions as it chooses.

    Raises TypeError for something that is not a plain Python function.
    """
    def mark(fn):
        import types
        if not isinstance(fn, types.FunctionType):
            raise TypeError("register_jitable() takes a Python function, not %s"
                            % type(fn).__name__)
        fn._pyjit_jitable = True
        return fn

    if len(args) == 1 and not kwargs:
        return mark(args[0])
    if args:
        raise TypeError("register_jitable() takes the function, or keyword options only")
    return mark
