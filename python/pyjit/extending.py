"""numba's `register_jitable` and `overload` for pyjit.

`register_jitable`: a plain Python function that kernels and device
functions may call, compiled as a device function there, and still an
ordinary function in Python.

    from pyjit.extending import register_jitable   # numba.extending's

    @register_jitable
    def clamp(x, lo, hi):
        return min(max(x, lo), hi)

`overload(func)`: a typing function for plain Python function `func`,
called with the types of each call's arguments in kernels, returning the
Python function that implements the call for them (or None: not these
types), as numba's:

    from pyjit.extending import overload

    def clamp01(x): ...

    @overload(clamp01, target="cuda")
    def ol_clamp01(x):
        return lambda x: min(max(x, 0.0), 1.0)

`overload_method(typ, name)`: a typing function for method `name` of the
values whose type is an instance of `typ` (a type class, such as
`types.Array` or `types.Float`) or is `typ`: a kernel's `x.name(args)`
calls it with x's type and the arguments' types, and calls the function it
returns with x and the arguments (numba's). Keyword arguments are taken
where one typing function is registered for the name (its parameters bind
them), not where several are. pyjit's own methods (`a.sum()`, `z.conjugate()`)
come first.

    from pyjit.extending import overload_method

    @overload_method(types.Float, "clamped")
    def ol_clamped(x, lo=0.0, hi=1.0):
        return lambda x, lo=0.0, hi=1.0: min(max(x, lo), hi)

    # in a kernel: out[i] = a[i].clamped(hi=0.5)

Functions given to numba's own `register_jitable`, `overload` and
`overload_method` (`numba.extending`'s, `numba.cuda.extending`'s) are taken
too, when numba is loaded; those, and pyjit's whose code reads numba (`from
numba.core import types`), get numba's type objects (numba.core.types);
others get pyjit.types' (Integer, Float, Complex, Boolean, Array, BaseTuple
classes).

`intrinsic`: numba's `@intrinsic` (numba.cuda.extending's; numba-cuda must
be installed): the typing function returns (signature, codegen) and the
codegen writes the call's LLVM IR with llvmlite's IRBuilder; pyjit links
that IR into the kernel (python/pyjit/_intrinsic.py says what it passes).

`overload_attribute(typ, name)`: the same for attribute `name` (`x.name`,
read only): the typing function takes x's type and returns a function of x
giving the attribute's value.
"""

__all__ = ["register_jitable", "overload", "overload_method", "overload_attribute", "intrinsic"]


def intrinsic(*args, **kwargs):
    """numba's `@intrinsic` (numba.cuda.extending.intrinsic), which pyjit's
    kernels call: see the module docstring. Raises ImportError naming
    numba-cuda where it is not installed (the codegen is written against
    numba's target context and llvmlite)."""
    try:
        from numba.cuda.extending import intrinsic as numba_intrinsic
    except ImportError as exc:
        raise ImportError("pyjit.extending.intrinsic is numba-cuda's @intrinsic, whose codegen "
                          "uses numba's target context and llvmlite: pip install numba-cuda "
                          "(%s)" % exc) from None
    return numba_intrinsic(*args, **kwargs)


def overload(func, jit_options=None, strict=True, inline="never", prefer_literal=False,
             target="generic", **kwargs):
    """`@overload(func)`: registers the decorated typing function for `func`
    (see the module docstring) and returns it. A kernel calling `func` tries
    the typing functions of the target "cuda" (or "gpu") first, then the
    "generic" ones; other targets ("cpu") are not for kernels. With `strict`
    (the default) the implementation must take the typing function's
    parameters (names, keyword defaults), or the call is a compile error.
    With `prefer_literal` (and numba loaded), ints and bools known when
    compiling are given as literal types first, else only where the plain
    types find no implementation. `jit_options` and `inline` are numba's and
    accepted: pyjit compiles every implementation as a device function it
    inlines as it chooses.

    Raises TypeError for a `func` that is not a plain Python function, or a
    typing function that is not one.
    """
    import types
    from . import _overload, _source
    if not isinstance(func, types.FunctionType):
        raise TypeError("overload() takes a plain Python function to overload, not %s"
                        % type(func).__name__)

    def register(typing):
        if not isinstance(typing, types.FunctionType):
            raise TypeError("@overload(%s) decorates a typing function, not %s"
                            % (func.__name__, type(typing).__name__))
        _overload.REGISTERED.setdefault(func, []).append((str(target), typing))
        _source.note_loaded_source(typing, nested=True)  # (its implementations' text)
        _overload.STRICT[func, typing] = bool(strict)
        _overload.PREFER_LITERAL[func, typing] = bool(prefer_literal)
        return typing

    return register


def overload_method(typ, attr, target="generic", prefer_literal=False, strict=True, **kwargs):
    """`@overload_method(typ, attr)`: registers the decorated typing function
    for method `attr` of values of type `typ` (a type class: its instances;
    a type object: that type; pyjit.types' or numba's) and returns it. The
    typing function takes the object's type, then the arguments' (see the
    module docstring); targets, `strict` and `prefer_literal` as
    `overload`'s. Other numba options (`inline`, `jit_options`) are
    accepted.

    Raises TypeError for an `attr` that is not an identifier, or a typing
    function that is not a plain Python function.
    """
    return _register_method(typ, attr, target, prefer_literal, strict, "method")


def overload_attribute(typ, attr, target="generic", prefer_literal=False, strict=True,
                       **kwargs):
    """`@overload_attribute(typ, attr)`: registers the decorated typing
    function for attribute `attr` (read only) of values of type `typ`, as
    overload_method does for methods: it takes the object's type and returns
    a function of the object giving the value. pyjit's own attributes
    (`a.shape`, `z.real`) come first.

    Raises TypeError for an `attr` that is not an identifier, or a typing
    function that is not a plain Python function.
    """
    return _register_method(typ, attr, target, prefer_literal, strict, "attribute")


def _register_method(typ, attr, target, prefer_literal, strict, kind):
    import types
    from . import _overload, _source
    if not isinstance(attr, str) or not attr.isidentifier():
        raise TypeError("overload_%s() takes the %s's name as a str, not %r"
                        % (kind, kind, attr))

    def register(typing):
        if not isinstance(typing, types.FunctionType):
            raise TypeError("@overload_%s(%r, %r) decorates a typing function, not %s"
                            % (kind, typ, attr, type(typing).__name__))
        m = _overload.method(attr, kind)
        if not any(t is typing for _, t in _overload.REGISTERED.get(m, ())):
            _overload.REGISTERED.setdefault(m, []).append((str(target), typing))
        _overload.match(typing, typ)
        _source.note_loaded_source(typing, nested=True)  # (its implementations' text)
        _overload.PREFER_LITERAL[m, typing] = bool(prefer_literal)
        _overload.STRICT[m, typing] = bool(strict)
        return typing

    return register


def register_jitable(*args, **kwargs):
    """`@register_jitable` or `@register_jitable(**options)`: marks the
    function as callable from kernels (returned unchanged). numba's options
    (`inline=`, `_nrt=`, ...) are accepted and have no effect: pyjit
    inlines device functions as it chooses.

    Raises TypeError for something that is not a plain Python function.
    """
    def mark(fn):
        import types
        from . import _source
        if not isinstance(fn, types.FunctionType):
            raise TypeError("register_jitable() takes a Python function, not %s"
                            % type(fn).__name__)
        fn._pyjit_jitable = True
        _source.note_loaded_source(fn)  # (checked against its file when compiled)
        return fn

    if len(args) == 1 and not kwargs:
        return mark(args[0])
    if args:
        raise TypeError("register_jitable() takes the function, or keyword options only")
    return mark
