"""pyjit.vectorize and pyjit.guvectorize: numba's ufuncs and generalized
ufuncs, for target='cuda' (the GPU) and target='cpu' (pyjit's CPU backend).

    @vectorize(['float32(float32, float32)', 'float64(float64, float64)'], target='cuda')
    def rel_diff(x, y):
        return 2 * (x - y) / (x + y)

    rel_diff(a, b)            # numpy arrays in, a numpy array out
    rel_diff(da, db)          # device arrays in, a device array out (no copies)

    @guvectorize(['void(float64[:], float64[:], float64[:])'], '(n),(n)->()', target='cuda')
    def dot(a, b, out):
        ...
        out[0] = s

The scalar (or core) function becomes a device function; a kernel, one
thread per element (per loop index for a gufunc), calls it. As numba does:
inputs broadcast (NumPy's rules), and the first signature whose input types
match the arguments' types exactly (a Python number's type being NumPy's:
int64, float64, complex128), else the first whose input types each argument
converts to safely (`np.can_cast(..., 'safe')`; a Python or NumPy scalar
converts to any type of its kind that holds its value, or of a wider kind)
is chosen, its
types given to the arguments; the result is a device array when an input
or `out` is one, else a numpy array. Host inputs are copied to the device
(broadcast and made contiguous first). Without signatures, vectorize makes
a dynamic ufunc (numba's DUFunc), which compiles a signature of the
arguments' own dtypes when none takes them. Raises TypeError for arguments no signature
takes, ValueError for shapes that do not broadcast.
"""
import difflib
import functools
import linecache
import math
import re

import numpy as np

from . import cuda
from ._devicearray import DeviceArray, _device_reachable
from ._locks import new_lock
from .errors import CompileError

_TARGETS = ("cuda", "gpu", "cpu")


def _entry(method):
    """A ufunc's call, add or reduce as an entry point (_dispatcher's
    user_facing): a CompileError, and an error this module raises about the
    arguments (an explicit `raise` here), leave with a traceback that starts
    at the user's call."""
    from ._dispatcher import user_facing
    from .errors import _users

    @functools.wraps(method)
    def call(*args, **kwargs):
        try:
            return method(*args, **kwargs)
        except CompileError as exc:
            message = _without_generated_code(str(exc), args[0])
            if message == str(exc):
                raise
            raise type(exc)(message) from None
        except (TypeError, ValueError, OverflowError, RuntimeError) as exc:
            tb = exc.__traceback__
            while tb.tb_next is not None:
                tb = tb.tb_next
            if tb.tb_frame.f_code.co_filename == __file__ and linecache.getline(
                    __file__, tb.tb_lineno).lstrip().startswith("raise"):
                _users(exc)
            raise
    return user_facing(call)


def _without_generated_code(message, ufunc):
    """A compile error's `message` without locations in the kernel pyjit
    generated for `ufunc` (its file is "<pyjit NAME #N>": the user never
    wrote it): an error or note there names the ufunc (and a gufunc's
    layout) instead, without the generated source line and caret, and the
    note on the generated kernel's argument types goes. Locations in the
    user's files stay as they are."""
    lines, out, i = message.split("\n"), [], 0
    what = "%s '%s'" % ("gufunc" if isinstance(ufunc, _GUfunc) else "ufunc", ufunc.__name__)
    if isinstance(ufunc, _GUfunc):
        what += " (layout %s)" % ufunc._layout
    generated = re.compile(r"<pyjit \w+ #\d+>:\d+:\d+: (note|error): (.*)$")
    while i < len(lines):
        line = lines[i]
        i += 1
        match = generated.match(line)
        if match is not None:
            kind, text = match.groups()
            if kind == "error":  # (about the call: the notes that follow point at the user's code)
                out.append("%s: error: %s" % (what, text))
            else:
                out.append("note: " + re.sub(
                    r"^in the call of device function ('[^']*')",
                    lambda m: "in the call of %s by %s" % (m.group(1), what), text))
            # its source line and caret (the next location or note starts a line)
            while i < len(lines) and lines[i][:1].isspace():
                i += 1
        elif line.startswith("note: kernel '") and " was compiled for the types of the " \
                "arguments given" in line:
            continue
        else:
            out.append(line)
    return "\n".join(out)


def _jit_for(target, fastmath=False):
    if target not in _TARGETS:
        raise ValueError("target must be 'cuda' or 'cpu', got %r" % (target,))
    if target in ("cuda", "gpu"):
        return lambda f: cuda.jit(f, fastmath=fastmath)
    # The CPU target raises what the function raises, as numba's CPU ufuncs
    # do (debug=True: the CPU backend reports a raise; CUDA ufuncs, as
    # numba-cuda's, leave that element undefined), but divides by zero as
    # they do (error_model="numpy": inf, NaN or 0, no ZeroDivisionError).
    return lambda f: cuda.jit(f, target="cpu", fastmath=fastmath, debug=True,
                              _numpy_errors=True)


class _UnrecognizedOption(TypeError, KeyError):
    """An option (gu)vectorize does not take: numba's vectorize raises
    KeyError, its guvectorize TypeError; this is both."""

    __str__ = Exception.__str__  # (KeyError's would quote the message)


def _check_identity(what, identity):
    """ValueError unless `identity` is one numba's parse_identity takes (0,
    1, None, 'reorderable'); pyjit's ufuncs keep none (ufunc.reduce starts
    from the first element)."""
    if not (identity is None or identity == "reorderable" or
            (isinstance(identity, (int, float)) and identity in (0, 1))):
        raise ValueError("%s: invalid identity value %r (numba takes 0, 1, None or "
                         "'reorderable')" % (what, identity))


def _check_options(what, nopython, options, target):
    """The fastmath option of (gu)vectorize; TypeError for nopython=False and
    _UnrecognizedOption (a TypeError and a KeyError) for options pyjit's
    ufuncs do not take (numba: 'Unrecognized options'). nopython given for
    the cuda target is numba's RuntimeWarning ('redundant')."""
    if nopython is None:  # not given
        nopython = True
    elif target in ("cuda", "gpu"):
        import warnings
        from ._options import _user_stacklevel
        warnings.warn("nopython kwarg for cuda target is redundant", RuntimeWarning,
                      stacklevel=_user_stacklevel())
    if nopython is not True:
        raise TypeError("%s: nopython=%r is not supported: CUDA ufuncs compile in nopython "
                        "mode only" % (what, nopython))
    for key in options:
        if key != "fastmath":
            raise _UnrecognizedOption("%s: unknown option %r (pyjit's ufuncs take identity, "
                                      "cache, nopython=True and fastmath)" % (what, key))
    from . import _options
    fastmath = options.get("fastmath", False)
    _options.fastmath_flags(fastmath)  # TypeError or ValueError for a bad value
    return fastmath


# An array type as numba's type objects print (str(float32[:]) is
# 'array(float32, 1d, A)'; a read-only one is prefixed 'readonly').
_ARRAY_TYPE = re.compile(r"\s*(?:readonly\s+|unaligned\s+)*array\(\s*(\w+(?:\[\w+\])?)\s*,"
                         r"\s*\d+d\s*,\s*[CFA]\s*\)\s*")


def _parse_signature(text, what):
    """'float32(float32, int64)' -> ('float32', ['float32', 'int64']): the
    dtype names of the result and the parameters (arrays' dtypes for a
    gufunc's 'void(float64[:], ...)')."""
    if not isinstance(text, str):
        raise TypeError("%s: signatures are strings such as 'float32(float32, float32)', "
                        "got %r" % (what, text))
    m = re.fullmatch(r"\s*(\w*(?:\[\w+\])?)\s*\((.*)\)\s*", text)  # timedelta64[D](...)
    if not m and len(_split_params(text)) > 1:
        # 'float32[:], float32, float32[:]': numba's normalize_signature reads
        # the tuple of the argument types, with no result (void)
        m = re.fullmatch(r"()(.*)", text, re.S)
    if not m:
        raise ValueError("%s: cannot read signature %r" % (what, text))
    params = [p for p in _split_params(m.group(2)) if p]
    arrays = [re.search(r"\[[\s:,1]*\]$", p) is not None or _ARRAY_TYPE.fullmatch(p) is not None
              for p in params]
    dtypes = []
    for p in [m.group(1) or "void"] + params:  # '(f8, f8[:])': no result, numba's void
        spelled = _ARRAY_TYPE.fullmatch(p)  # numba's str of an array type object
        name = spelled.group(1) if spelled else \
            re.sub(r"\[[\s:,1]*\]$", "", p).strip()  # float64[:, ::1]; not datetime64[D]
        name = "bool" if name == "boolean" else name
        if name in ("void", "none"):
            dtypes.append(None)
            continue
        named = getattr(_types, name, None) if name.isidentifier() else None
        if isinstance(named, (_types.Number, _types.Boolean)) and named.name != "bfloat16":
            # numba's names where NumPy's differ or are missing: byte is
            # uint8 (np.byte is int8), uchar, size_t, long_ ...
            name = named.name
        try:
            dtypes.append(np.dtype(name).name)
        except TypeError:
            known = [n for n in dir(_types)
                     if isinstance(getattr(_types, n), (_types.Number, _types.Boolean))]
            close = difflib.get_close_matches(name, known, n=1)
            raise ValueError("%s: unknown type %r in signature %r%s"
                             % (what, p, text, "; did you mean '%s'?" % close[0] if close
                                else "")) from None
    return dtypes[0], dtypes[1:], arrays


def _check_out_dtype(result, out, name, what, device_exact=True):
    """TypeError unless the results (dtype `result`) may be written to `out`:
    a host array by NumPy's casting rule 'same_kind' (numba's CPU ufuncs), a
    device array only of that dtype (a gufunc's function is typed for its
    signature's arrays) unless not `device_exact` (a ufunc's kernel stores
    into out's dtype, as numba-cuda's lazily typed one does), then by
    'same_kind' too."""
    result, dtype = _dtype(result), np.dtype(out.dtype)
    if device_exact and _is_device(out) and dtype != result:
        raise TypeError("%s: %s is a device array of %s, the signature's result is %s"
                        % (what, name, dtype, result))
    if not np.can_cast(result, dtype, "same_kind"):
        raise TypeError("%s: cannot cast its result from %s to %s's %s with casting rule "
                        "'same_kind'" % (what, result, name, dtype))


def check_result(func, params, result, what):
    """CompileError (at func's code) unless `func` types for arguments of
    dtype names `params`; TypeError unless it returns one number that
    converts to dtype `result` (a complex one only to a complex dtype, as in
    numba)."""
    got = _inferred_result(func, params, what, optional=True)
    if np.dtype(got).kind == "c" and np.dtype(result).kind != "c":
        raise TypeError("%s returns %s for arguments (%s), which does not convert to %s"
                        % (what, got, ", ".join(params), np.dtype(result)))


def _compile_stage(func, types, stage, alone=False):
    """compile_kernel's result for `func` with argument types `types` (numba
    type names) up to `stage` ('types', 'ir', ...), with default options: as
    a kernel, or `alone` as a device function compiled on its own (numba's
    ABI; arguments of numbers only). Raises CompileError."""
    from . import _options
    from ._ext import ext
    from ._overload import compile_resolving
    from ._source import describe, placement_options
    info = describe(func)
    options = _options.compile_options({})
    if alone:
        options["abi"] = "numba"
        options["abi_name"] = info["name"]
    options.update(placement_options(info))
    return compile_resolving(lambda: ext().compile_kernel(
        info["source"], info["filename"], info["firstline"], info["name"], info["globals"],
        tuple(types), "sm_90", 3, stage, options))


def _inferred_result(func, params, what, optional=False):
    """The dtype name `func` returns for scalar arguments of dtypes `params`,
    from type inference alone (compile_kernel's 'types' stage). TypeError
    when it returns no single number (None, a tuple, an array); with
    `optional`, a number or None is its number's (a None returned is the
    call's TypeError, as numba's)."""
    result = _compile_stage(func, params, "types", alone=True)["return_type"]
    if optional:  # (None: the call's TypeError; an IntEnum member: its integer)
        result = re.sub(r"^OptionalType\((.*)\)$", r"\1", result)
        result = re.sub(r"^IntEnumMember\(.*,\s*(\w+)\)$", r"\1", result)
    try:
        return np.dtype(result).name
    except (TypeError, ValueError):
        raise TypeError("%s returns %s for arguments (%s): it must return one "
                        "number" % (what, result, ", ".join(params))) from None


from . import types as _types  # noqa: E402
from .types import split_outside_brackets as _split_params  # noqa: E402


def _kind_rank(kind):
    return {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}.get(kind, 9)


def _converts(value, dtype):
    """Whether argument `value` converts safely to `dtype` (a numpy dtype)."""
    if isinstance(value, np.generic) and value.dtype.kind in "biufc":
        # A NumPy scalar converts as its value does (numba coerces scalar
        # arguments to the signature: np.int64(2) to an int32 parameter).
        value = value.item()
    if isinstance(value, (bool, int, float, complex)) and not isinstance(value, np.generic):
        # A Python number (weak, as NEP 50 has it): any type of its kind or
        # wider; an int only to an integer type that holds it.
        kind = "b" if isinstance(value, bool) else "i" if isinstance(value, int) else \
            "f" if isinstance(value, float) else "c"
        if kind == "i" and dtype.kind in "iu":
            info = np.iinfo(dtype)
            return info.min <= value <= info.max
        return _kind_rank(dtype.kind) >= _kind_rank(kind)
    return np.can_cast(_dtype_of(value), dtype, "safe")


@functools.lru_cache(maxsize=1024)
def _dtype(spelling):
    """np.dtype of a signature's type (cached: numpy parses a name each time)."""
    return np.dtype(spelling)


def _dtype_of(value):
    return value.dtype if hasattr(value, "dtype") else np.asarray(value).dtype


def _as_input(a):
    """A ufunc argument as NumPy would take it: lists and other sequences
    become arrays; numbers, arrays and device arrays stay as they are."""
    if isinstance(a, (list, tuple)):
        return np.asarray(a)
    if (not isinstance(a, (np.ndarray, DeviceArray)) and hasattr(a, "__cuda_array_interface__")
            and not (hasattr(a, "dtype") and hasattr(a, "shape"))):
        # A bare producer (only __cuda_array_interface__, as numba's tests
        # use): its device array view, which has a dtype and a shape.
        return cuda.as_cuda_array(a)
    return a


def _choose(signatures, args, what, narrowing=False):
    """The first signature (result, params) whose types are the arguments'
    own (a Python number's being NumPy's: int64, float64, complex128, bool),
    as numba first looks for; else the first whose types are the arrays'
    own and take the numbers (numba's next step, which treats numbers as
    wildcards; here they must convert as _converts has it, so a float32
    array with 2.0 takes float32(float32, float32) as in NumPy); else the
    first that takes every argument. With `narrowing` (gufuncs), then the
    first whose types each cast safely to the argument's: numba-cuda's
    GeneralizedUFunc matches that way (`np.can_cast(signature_dtype,
    argument_dtype)`, deviceufunc.py) and converts a float64 array for a
    float32 signature. OverflowError for a Python int that only an integer
    type too narrow for it would take (NumPy's and numba's), else
    TypeError when no signature takes the arguments."""
    for sig in signatures:
        params = sig[1]
        if len(params) >= len(args) and all(
                _dtype_of(a) == _dtype(t) for a, t in zip(args, params)):
            return sig
    numbers = [isinstance(a, (bool, int, float, complex, np.generic)) for a in args]
    overflow = None
    if any(numbers) and not all(numbers):
        for sig in signatures:
            params = sig[1]
            if len(params) < len(args) or not all(
                    number or _dtype_of(a) == _dtype(t)
                    for a, t, number in zip(args, params, numbers)):
                continue
            if all(not number or _converts(a, _dtype(t))
                   for a, t, number in zip(args, params, numbers)):
                return sig
            for a, t in zip(args, params):  # an int of the right kind, out of range?
                if type(a) is int and _dtype(t).kind in "iu" and not _converts(a, _dtype(t)) \
                        and overflow is None:
                    overflow = "Python integer %d out of bounds for %s" % (a, _dtype(t))
    for sig in signatures:
        params = sig[1]
        if len(params) >= len(args) and all(
                _converts(a, _dtype(t)) for a, t in zip(args, params)):
            return sig
    for sig in signatures if narrowing else ():
        params = sig[1]
        if len(params) >= len(args) and all(
                np.can_cast(_dtype(t), _dtype_of(a)) for a, t in zip(args, params)):
            return sig
    if overflow is not None:
        raise OverflowError("%s: %s" % (what, overflow))
    raise TypeError("%s: no signature takes arguments of types (%s); it has %s"
                    % (what, ", ".join(str(_dtype_of(a)) for a in args),
                       ", ".join(s[2] for s in signatures)))


_KERNELS = [0]  # a counter: each generated kernel's own linecache file


def _kernel_name(prefix, func):
    """A Python identifier for the kernel of `func` (a lambda's is '_lambda')."""
    return prefix + re.sub(r"\W", "_", func.__name__.strip("<>"))


def _exec_kernel(source, name, op, scope=None):
    """Defines kernel `name` from `source` (registered with linecache, under
    a file name of its own, so the compiler can read it) with `op`, `cuda`
    and `scope`'s names as its globals."""
    _KERNELS[0] += 1
    filename = "<pyjit %s #%d>" % (name, _KERNELS[0])
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    scope = dict(scope or (), op=op, cuda=cuda)
    exec(compile(source, filename, "exec"), scope)
    return scope[name]


def _on_device(a, dtype, shape, stream):
    """`a` (a number, host or device array) as a C-contiguous device array
    of `dtype` and `shape` (broadcast). A device array of another shape,
    dtype or order is broadcast (zero strides, as numba's device ufuncs do)
    and converted into a new device array on the device."""
    if _is_device(a):
        d = a if isinstance(a, DeviceArray) else cuda.as_cuda_array(a)
        if d.dtype == dtype and tuple(d.shape) == tuple(shape) and d.is_c_contiguous():
            return d
        lead = len(shape) - d.ndim
        strides = [0] * lead + [0 if e == 1 and m != 1 else s
                                for e, m, s in zip(d.shape, shape[lead:], d.strides)]
        view = d._derived(tuple(shape), d.dtype, tuple(strides), 0)
        out = DeviceArray(tuple(shape), dtype)
        out._assign_from(view, stream)
        return out
    host = np.ascontiguousarray(np.broadcast_to(np.asarray(a, dtype=dtype), shape))
    return cuda.to_device(host, stream=stream)


def _plan_key(args, out):
    """The key of a ufunc call's plan (_Ufunc.__call__): per argument, a
    DeviceArray's dtype, shape and strides, the type of a number whose
    conversion does not depend on its value (a float, complex or bool,
    Python's or NumPy's), or an integer's type, sign and bit length (which
    integer dtypes hold it: a signature's choice depends on no more); then
    out's (None, or a DeviceArray's). None for any other call (a host array
    is copied): it takes every step each time."""
    key = [len(args)]  # (f(a, b, out=c) is not f(a, b, c))
    for a in args:
        t = type(a)
        if t is DeviceArray:
            key.append((a._dtype, a._shape, a._strides))
        elif t in _PLAIN_NUMBERS:
            key.append(t)
        elif t in _INTEGERS:
            # Which integer dtypes hold it (all that its choice depends on):
            # a negative v by the bits of -v - 1 (int8 holds -128, not -129).
            v = int(a)
            key.append((t, v < 0, (~v if v < 0 else v).bit_length()))
        else:
            return None
    if out is not None:
        if type(out) is not DeviceArray:
            return None
        key.append((out._dtype, out._shape, out._strides))
    return tuple(key)


def _gufunc_plan_key(args, out):
    """The key of a gufunc call's plan: _plan_key's of the arguments (the
    outputs among them, when passed so), then out='s: None, or one DeviceArray,
    or a tuple of them. None for any other call."""
    key = _plan_key(args, None)
    if key is None or out is None:
        return key
    outs = _plan_key(out if type(out) is tuple else (out,), None)
    return None if outs is None else key + (("out", type(out) is tuple) + outs,)


def _with_stream(key, stream):
    """A plan key for a call on `stream`: a pyjit Stream by identity (the
    key holds it, so no other stream takes its id while the plan is kept);
    None for any other stream (a foreign one, a handle): the call takes
    every step."""
    return key + (("stream", stream),) if type(stream) is cuda.Stream else None


# Where gufunc kernels that run there stage rows through shared memory
# (_staging): the GPU ('cuda'), not the CPU backend ('cpu'), which has no
# coalescing to gain and whose syncthreads switches fibers (tests stage
# there too, to check the staged kernels).
_STAGED_TARGETS = ("cuda",)

# Integers, Python's and NumPy's: keyed by their sign and bit length.
_INTEGERS = frozenset((int, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
                       np.uint32, np.uint64))

# Numbers whose conversion to a signature's dtype depends on their type only.
_PLAIN_NUMBERS = frozenset((float, complex, bool, np.float16, np.float32, np.float64,
                            np.complex64, np.complex128, np.bool_))


def _shaped(d, shape):
    """Device array `d` reshaped to `shape`: itself when it has that shape."""
    return d if d.shape == shape else d.reshape(shape)


def _unrecognized(keywords, target, what):
    """Keywords a ufunc call does not take: numba-cuda's CUDA ufuncs warn
    ("unrecognized keywords: ...") and ignore them; a CPU one refuses them
    (TypeError; NumPy's casting=, where=, dtype= are not pyjit's)."""
    if not keywords:
        return
    if target == "cuda":
        import warnings
        from ._options import _user_stacklevel
        warnings.warn("unrecognized keywords: %s" % ", ".join(keywords),
                      stacklevel=_user_stacklevel())
        return
    raise TypeError("%s got unexpected keyword arguments: %s (it takes out= and stream=)"
                    % (what, ", ".join(keywords)))


def _is_device(a):
    """Whether `a` is device memory: a device array, a mapped or managed
    array (numba's device arrays too, used in place), any other
    __cuda_array_interface__ object."""
    return isinstance(a, DeviceArray) or _device_reachable(a)


def _call_dtypes(values, what):
    """The dtypes of a dynamic (g)ufunc call's arguments, a Python number's
    as NumPy gives it (int64, float64, complex128, bool). OverflowError for
    an int beyond uint64; TypeError for a dtype that is no number, bool,
    datetime64 or timedelta64 (a string, an object)."""
    dtypes = []
    for k, a in enumerate(values):
        if isinstance(a, int) and not isinstance(a, bool) and not -2 ** 63 <= a < 2 ** 64:
            raise OverflowError("%s: argument %d, %d, fits neither int64 nor uint64"
                                % (what, k, a))
        dt = _dtype_of(a)
        if dt.kind not in "biufcmM":
            raise TypeError("%s: argument %d has dtype %s; a ufunc takes numbers, bools, "
                            "datetime64 and timedelta64" % (what, k, dt))
        dtypes.append(dt)
    return dtypes


def _by_dtype(signatures, dtypes, outputs=()):
    """The first of `signatures` (tuples whose [1] are the parameters'
    dtype names) whose leading parameters are `dtypes`, else the first
    those cast to safely: by dtype, not value, as NumPy resolves a dynamic
    ufunc's loop (16777217 never takes a float32 loop). With `outputs`,
    only those whose next parameters are exactly those dtypes. None if
    none."""
    n = len(dtypes)
    fitting = [s for s in list(signatures)
               if [_dtype(t) for t in s[1][n:n + len(outputs)]] == list(outputs)]
    for sig in fitting:
        if [_dtype(t) for t in sig[1][:n]] == list(dtypes):
            return sig
    for sig in fitting:
        if all(np.can_cast(dt, _dtype(t), "safe") for dt, t in zip(dtypes, sig[1])):
            return sig
    return None


class _Ufunc:
    """A vectorized function (pyjit.vectorize). With signatures it is frozen
    (a call no signature takes is a TypeError); without, it is numba's
    dynamic ufunc (DUFunc): a call no signature takes compiles one for the
    arguments' dtypes (a Python number's as NumPy types it: int64, float64,
    complex128, bool), its result the type the function returns for them."""

    def __init__(self, func, signatures, target, fastmath=False, frozen=None):
        self._func = func
        self._fastmath = fastmath
        self._device = cuda.jit(device=True)(func)
        self._jit = _jit_for(target, fastmath)
        self._target = target
        self.__name__ = func.__name__
        self.__doc__ = func.__doc__
        self.nin = func.__code__.co_argcount
        self.nout = 1
        if self.nin == 0:
            raise TypeError("vectorize '%s': the function must take at least one argument"
                            % self.__name__)
        self._signatures = []
        self._plans = {}  # {_plan_key: a call's plan}; emptied as a signature is added
        self._frozen = False
        new_lock(self, "_lock")
        for text in signatures or ():
            self._add_signature(text)
        # (A dynamic ufunc unpickled with the signatures it had compiled
        # gets them back, and stays dynamic unless it was frozen.)
        self._frozen = signatures is not None if frozen is None else frozen
        self._kernels = {}  # {which arguments are numbers (bools): kernel}; _kernel_for
        new_lock(self, "_kernels_lock")

    def _kernel_for(self, numbers):
        """The elementwise kernel: out[i] = op(a0[i], a1, ...), where
        `numbers` (a tuple of bools, one an argument) marks the arguments
        passed as numbers (kernel parameters, not arrays: nothing copied
        to the device for them)."""
        kernel = self._kernels.get(numbers)
        if kernel is None:
            with self._kernels_lock:
                kernel = self._kernels.get(numbers)
                if kernel is None:
                    args = ", ".join("a%d" % k for k in range(self.nin))
                    elems = ", ".join("a%d" % k if number else "a%d[i]" % k
                                      for k, number in enumerate(numbers))
                    name = _kernel_name("ufunc_", self._func)
                    source = ("def %s(%s, out):\n"
                              "    i = cuda.grid(1)\n"
                              "    if i < out.shape[0]:\n"
                              "        out[i] = op(%s)\n" % (name, args, elems))
                    kernel = self._kernels[numbers] = self._jit(
                        _exec_kernel(source, name, self._device))
        return kernel

    def _add_signature(self, text):
        """Adds signature `text` (a string, a signature object or numba's
        tuple of argument types) and returns its (result, params, text)."""
        what = "vectorize '%s'" % self.__name__
        if not isinstance(text, str):  # float32(float32), or (float32, float32)
            from ._dispatcher import signature_text
            text = signature_text(text)
        elif "(" not in text and len(_split_params(text)) > 1:
            text = "(%s)" % text  # 'float32, float32': numba's tuple of argument types
        result, params, _ = _parse_signature(text, what)
        if len(params) != self.nin:
            raise TypeError("vectorize '%s': signature %r has %d parameters, the function "
                            "%d" % (self.__name__, text, len(params), self.nin))
        if result is None and text.lstrip().startswith("("):
            # Argument types only (numba's (float32, float32)): the result
            # is the type the function returns for them.
            result = _inferred_result(self._func, params, what)
        elif result is None:
            raise TypeError("vectorize '%s': signature %r returns nothing; a ufunc "
                            "returns a value" % (self.__name__, text))
        for sig in self._signatures:  # (compiled already: numba warns and keeps one)
            if sig[1] == params:
                return sig
        if not text.lstrip().startswith("("):
            # The function must type for it now, as numba compiles it here:
            # its errors at its own lines, not the generated kernel's.
            check_result(self._func, params, result, what)
        sig = (result, params, text)
        self._signatures.append(sig)
        self._plans = {}  # (a dynamic ufunc's choice may change)
        return sig

    @_entry
    def add(self, sig):
        """numba's DUFunc.add: compiles the ufunc for signature `sig`
        ('float32(float32)', a signature object, or a tuple of argument
        types whose result is inferred). RuntimeError once compiling is
        disabled (a ufunc given signatures, or after disable_compile())."""
        with self._lock:
            if self._frozen:
                raise RuntimeError("compilation disabled for ufunc '%s'" % self.__name__)
            return self._add_signature(sig)  # (typed now, as numba compiles it here)

    def disable_compile(self):
        """numba's DUFunc.disable_compile: calls no signature takes are then
        a TypeError. ValueError while the ufunc has no signature."""
        if not self._signatures:
            raise ValueError("ufunc '%s' has no signature yet: add one before disabling "
                             "compilation" % self.__name__)
        self._frozen = True
        self._plans = {}  # (a frozen ufunc chooses its signatures otherwise: _choose)

    def _signature_for(self, args, what):
        """The signature a call with `args` takes: a frozen ufunc's by
        _choose; a dynamic ufunc's the first of the arguments' own dtypes,
        else the first every argument's dtype casts to safely (a number's
        dtype as NumPy gives it: not its value, so 16777217 never takes a
        float32 loop), else a new one of the arguments' dtypes (numba's
        DUFunc compiles one where NumPy finds no loop)."""
        if self._frozen:
            return _choose(self._signatures, args, what)
        dtypes = _call_dtypes(args, what)
        sig = _by_dtype(self._signatures, dtypes)
        if sig is not None:
            return sig
        with self._lock:  # (another thread may have added it meanwhile)
            sig = _by_dtype(self._signatures, dtypes)
            if sig is None:
                sig = self._add_signature("(%s)" % ", ".join(dt.name for dt in dtypes))
            return sig

    @property
    def types(self):
        """The signatures as NumPy's ufunc.types spells them ('ff->f')."""
        return ["".join(np.dtype(t).char for t in p) + "->" + np.dtype(r).char
                for r, p, _ in self._signatures]

    @property
    def ntypes(self):
        return len(self._signatures)

    @_entry
    def __call__(self, *args, out=None, stream=0, **keywords):
        key = _plan_key(args, out) if not keywords else None
        if key is not None and not (type(stream) is int and stream == 0):
            key = _with_stream(key, stream)
        plans = self._plans  # (a signature added meanwhile replaces it: no plan kept then)
        if key is not None:
            plan = plans.get(key)
            if plan is not None:  # a call like one before: nothing to check again
                dtypes, numbers, n1, shape, rdtype, launch = plan
                dout = DeviceArray._new_c(shape, rdtype) if out is None else out
                launch(*[dt.type(a) if number else a if a._shape == n1 else a.reshape(n1)
                         for a, dt, number in zip(args, dtypes, numbers)],
                       dout if dout._shape == n1 else dout.reshape(n1))
                return dout
        what = "ufunc '%s'" % self.__name__
        _unrecognized(keywords, self._target, what)
        if len(args) != self.nin:
            raise TypeError("%s takes %d arguments, got %d" % (what, self.nin, len(args)))
        args = [_as_input(a) for a in args]
        if isinstance(out, tuple):  # NumPy's out=(array,)
            if len(out) != 1:
                raise TypeError("%s has 1 output, out= gives %d" % (what, len(out)))
            out = out[0]
        if out is not None and not _is_device(out) and not isinstance(out, np.ndarray):
            raise TypeError("%s: out must be an array, not %s" % (what, type(out).__name__))
        if _is_device(out) and not isinstance(out, DeviceArray):
            out = cuda.as_cuda_array(out)  # (a foreign out: written through its view)
        result, params, _ = self._signature_for(args, what)
        dtypes = [_dtype(t) for t in params]
        shapes = [tuple(getattr(a, "shape", ())) for a in args]
        try:
            # (arguments of one shape, the common call: nothing to broadcast)
            shape = shapes[0] if shapes.count(shapes[0]) == len(shapes) else \
                np.broadcast_shapes(*shapes)
        except ValueError:
            raise ValueError("%s: arguments of shapes %s do not broadcast"
                             % (what, ", ".join(map(str, shapes)))) from None
        rdtype = _dtype(result)
        if out is not None:
            # NumPy's rules: the inputs broadcast to out's shape, and the
            # result casts to out's dtype by 'same_kind'.
            oshape = tuple(out.shape)
            try:
                fits = shape == oshape or np.broadcast_shapes(shape, oshape) == oshape
            except ValueError:
                fits = False
            if not fits:
                raise ValueError("%s: arguments of shapes %s do not broadcast to out's shape %s"
                                 % (what, ", ".join(map(str, shapes)), oshape))
            shape = oshape
            _check_out_dtype(rdtype, out, "out", what, device_exact=False)
        device = any(_is_device(a) for a in args) or _is_device(out)
        scalar = not shape
        shape = shape or (1,)  # numbers alone: one element (no 0-d device arrays)
        n = math.prod(shape)
        # Numbers (and 0-d host arrays) are kernel parameters, converted to
        # the signature's dtype as numpy converts them; arrays are on the
        # device, broadcast to the call's shape, flattened.
        numbers = tuple(not _is_device(a) and np.ndim(a) == 0 for a in args)
        flat = [np.asarray(a, dtype=dt)[()] if number else _on_device(a, dt, shape, stream)
                for a, dt, number in zip(args, dtypes, numbers)]
        planned = key is not None and device and not scalar and n and all(
            number or f is a for a, f, number in zip(args, flat, numbers)) and all(
            dt.kind in "biufc" for dt, number in zip(dtypes, numbers) if number)
        flat = [f if number else _shaped(f, (n,)) for f, number in zip(flat, numbers)]
        given = None  # a device out the results are assigned to (strided, or 0-d)
        if out is not None and _is_device(out):
            dout = out if isinstance(out, DeviceArray) else cuda.as_cuda_array(out)
            if scalar or not dout.is_c_contiguous():
                given, dout = dout, cuda.device_array(shape, rdtype)
        else:
            dout = cuda.device_array(shape, rdtype)
        launch = self._kernel_for(numbers).forall(n, stream=stream) if n else None
        if planned and (out is None or (dout is out and out._shape == shape)):
            # Device arrays of the call's shape and the signature's dtypes, in
            # C order, and numbers whose dtypes convert whatever their values:
            # a call with the same key takes the same steps (_plan_key).
            if len(plans) >= 64:
                plans.clear()
            plans[key] = (dtypes, numbers, (n,), shape, rdtype, launch)
        if n:
            launch(*flat, _shaped(dout, (n,)))
        if given is not None:
            given._assign_from(dout.reshape(given.shape), stream)
            dout = given
        if out is not None and not _is_device(out):  # a host out: written, returned
            out[...] = dout.copy_to_host(stream=stream).reshape(np.shape(out))
            return out
        if device:  # (a foreign out: its DeviceArray view, as numba returns)
            return dout
        host = dout.copy_to_host(stream=stream)
        # Numbers alone: a number from a CPU ufunc (NumPy's), a 1-element
        # array from a CUDA one (numba's turns each number into a 1-element
        # array first).
        return host[0] if scalar and self._target != "cuda" else host

    @_entry
    def reduce(self, a, axis=0, stream=0):
        """The reduction of 1-D array `a` (numpy, device array or sequence) by
        a binary ufunc, from its first element (no identity); returns a NumPy
        scalar of the signature's result dtype. The order of the operations
        is the one the ufunc's kind defines, so a non-commutative function
        (subtraction) gives the same answer:
        - a CUDA ufunc folds as numba-cuda's (vectorizers.py): an even length
          n becomes a[:n/2] op a[n/2:] elementwise, an odd one folds a[:n-1]
          and then ops the last element on; the input is not overwritten
          (numba-cuda's overwrites a device array);
        - a CPU ufunc folds left to right, as NumPy's reduce does,
          ((a0 op a1) op a2) op ... (NumPy sums floats pairwise, so a sum
          may differ from np.add.reduce's in its last bits).
        TypeError for a ufunc of one argument, an empty array on the CUDA
        target (numba-cuda's); ValueError for an empty array on the CPU
        target (NumPy's); NotImplementedError for another shape or axis."""
        if self.nin != 2:
            raise TypeError("reduce needs a ufunc of two arguments")
        a = _as_input(a)
        if axis != 0 or len(getattr(a, "shape", (0, 0))) != 1:
            raise NotImplementedError("reduce: pyjit reduces 1-D arrays (axis=0), got shape %s"
                                      % (getattr(a, "shape", None),))
        cuda_target = self._target != "cpu"
        if a.shape[0] == 0:
            if cuda_target:  # numba's CUDA ufunc.reduce
                raise TypeError("Reduction on an empty array.")
            raise ValueError("zero-size array to reduction operation %s which has no identity"
                             % self.__name__)
        what = "ufunc '%s'" % self.__name__
        first = None
        if a.shape[0] == 1:
            first = a[0] if not _is_device(a) else a[0:1].copy_to_host()[0]
            if cuda_target:  # numba-cuda's: the element itself
                return first
        result, params, text = self._signature_for([a, a], what)
        if first is not None:  # NumPy's: the element in the loop's result dtype
            return np.dtype(result).type(first)
        if cuda_target and not np.dtype(result) == np.dtype(params[0]) == np.dtype(params[1]):
            raise TypeError("%s: a CUDA ufunc reduces with a loop whose arguments and result "
                            "have one dtype (numba-cuda's folds results into its input); the "
                            "loop for %s is %s" % (what, np.dtype(a.dtype), text))
        n = a.shape[0]
        if _is_device(a):  # a copy in the argument dtype (the fold overwrites it)
            work = DeviceArray((n,), np.dtype(params[0]))
            work._assign_from(a if isinstance(a, DeviceArray) else cuda.as_cuda_array(a),
                              stream)
        else:
            work = _on_device(a, np.dtype(params[0]), (n,), stream)
        if cuda_target:
            out = self._halving_fold(work, stream)
        else:
            out = cuda.device_array(1, np.dtype(result), stream=stream)
            self._left_fold()[1, 1, stream](work, out)
        return out.copy_to_host(stream=stream)[0]

    def _halving_fold(self, mem, stream):
        """numba-cuda's CUDA ufunc reduction order over device array `mem`
        (overwritten); returns the 1-element view holding the result."""
        n = mem.shape[0]
        if n % 2:
            head = self._halving_fold(mem[:n - 1], stream) if n > 1 else mem
            if n > 1:
                self(head, mem[n - 1:], out=head, stream=stream)
            return head
        left = mem[:n // 2]
        self(left, mem[n // 2:], out=left, stream=stream)
        return self._halving_fold(left, stream) if n // 2 > 1 else left

    def _left_fold(self):
        """The one-thread kernel folding a[0], a[1], ... left to right into
        out[0] (the CPU target's reduce, as NumPy's)."""
        kernel = self.__dict__.get("_fold_kernel")
        if kernel is None:
            name = _kernel_name("ufunc_fold_", self._func)
            source = ("def %s(a, out):\n"
                      "    acc = a[0]\n"
                      "    for i in range(1, a.shape[0]):\n"
                      "        acc = op(acc, a[i])\n"
                      "    out[0] = acc\n" % name)
            kernel = self.__dict__["_fold_kernel"] = self._jit(
                _exec_kernel(source, name, self._device))
        return kernel

    def __reduce__(self):
        """Pickled as a kernel is (by reference or by value: _serialize.py),
        with its signatures and whether it compiles more."""
        from . import _serialize
        sigs = [text for _, _, text in self._signatures]
        return _serialize.reduce(self, self._func, type(self),
                                 (sigs, self._target, self._fastmath, self._frozen))

    def __setstate__(self, state):
        from . import _serialize
        _serialize.restore(self, state)

    def __repr__(self):
        return "<pyjit ufunc '%s' (target=%s)>" % (self.__name__, self._target)


def vectorize(signatures=None, target="cpu", identity=None, nopython=None, cache=False,
              **options):
    """numba.vectorize: `@vectorize(['float32(float32, float32)'], target='cuda')`
    makes a ufunc of a scalar function; `@vectorize` or `@vectorize(target=...)`
    without signatures a dynamic one, compiled for each new combination of
    argument dtypes at the call (numba's DUFunc; numba-cuda's CUDA ufuncs
    need signatures). docs/host-api.md."""
    _check_identity("vectorize", identity)
    if callable(signatures) and not isinstance(signatures, str):  # @vectorize
        _jit_for(target)
        fastmath = _check_options("vectorize", nopython, options, target)
        return _Ufunc(signatures, None, target, fastmath)
    if isinstance(signatures, str):
        sigs = [signatures]
    elif signatures is None:
        sigs = None
    else:
        sigs = list(signatures) or None  # [] as numba: dynamic
    _jit_for(target)
    fastmath = _check_options("vectorize", nopython, options, target)
    from ._dispatcher import user_facing  # (a compile error at decoration: at the user's line)
    return user_facing(lambda func: _Ufunc(func, sigs, target, fastmath))


_CORE = re.compile(r"\(\s*([\w\s,]*)\)")
# One side of a layout, spaces removed: cores such as (n,m) or (), separated by commas.
_SIDE = re.compile(r"\((?:[A-Za-z_]\w*(?:,[A-Za-z_]\w*)*)?\)(?:,\((?:[A-Za-z_]\w*(?:,[A-Za-z_]\w*)*)?\))*")


def _parse_layout(layout, what):
    """'(n),(n)->()' -> ([['n'], ['n']], [[]])."""
    if not isinstance(layout, str) or "->" not in layout:
        raise ValueError("%s: the layout is a string such as '(n),(n)->(n)', got %r"
                         % (what, layout))
    ins, outs = layout.replace(" ", "").split("->", 1)
    for side, text in (("inputs", ins), ("outputs", outs)):
        if not _SIDE.fullmatch(text):  # (numba's ValueError for a layout it cannot read)
            raise ValueError("%s: the layout %r has malformed %s %r: each side of '->' is one "
                             "or more cores separated by commas, a core a parenthesized list "
                             "of dimension names ((n), (m,n), ())" % (what, layout, side, text))
    parse = lambda part: [[d for d in m.group(1).split(",") if d]  # noqa: E731
                          for m in _CORE.finditer(part)]
    return parse(ins), parse(outs)


class _StagedLaunch:
    """A staged gufunc kernel's launch: the flat arguments and n, then the
    staging's own (rows a block, each staged row's length and offset)."""

    __slots__ = ("launcher", "extra")

    def __init__(self, launcher, extra):
        self.launcher, self.extra = launcher, extra

    @property
    def stream(self):
        return self.launcher.stream

    def __call__(self, *args):
        return self.launcher(*args, *self.extra)


class _GUfunc:
    """A generalized ufunc (pyjit.guvectorize). Without signatures (a layout
    alone) it is numba's dynamic gufunc: a call whose inputs and outputs no
    signature takes compiles one of their dtypes; such calls pass the
    outputs."""

    def __init__(self, func, signatures, layout, target, fastmath=False, dynamic=None):
        self._fastmath = fastmath
        self._func = func
        self._layout = layout
        self.__name__ = func.__name__
        self.__doc__ = func.__doc__
        what = "guvectorize '%s'" % self.__name__
        self._device = cuda.jit(device=True)(func)
        self._device._returns_nothing = (
            "a gufunc's function writes its outputs and returns nothing (numba compiles it "
            "as 'void(...)')")
        self._target = target
        self._ins, self._outs = _parse_layout(layout, what)
        given = {d for core in self._ins for d in core}
        undefined = sorted({d for core in self._outs for d in core if d not in given})
        if undefined:  # numba's parse_signature: a NameError, at decoration
            raise NameError("%s: undefined output symbols: %s (the layout %r: an output's "
                            "core dimensions come from its inputs)"
                            % (what, ", ".join(undefined), layout))
        nargs = func.__code__.co_argcount
        if len(self._ins) + len(self._outs) != nargs:
            raise TypeError("%s: the layout %r has %d arguments, the function %d"
                            % (what, layout, len(self._ins) + len(self._outs), nargs))
        self._signatures = []
        self._plans = {}  # {_gufunc_plan_key: a call's plan}; emptied as a signature is added
        self._dynamic = signatures is None if dynamic is None else dynamic
        new_lock(self, "_lock")
        for text in signatures or ():
            self._add_signature(text)
        if not self._signatures and not self._dynamic:
            raise TypeError("%s needs signatures (or none at all: guvectorize(layout) "
                            "compiles for the arguments of each call)" % what)
        # Each argument is passed as its loop element a[i]: the core view, or
        # for core layout () the element itself when the signature declares
        # a scalar, else a 1-element view (an input's a[i:i + 1]; outputs
        # are (n, 1) arrays then). A dynamic gufunc declares () inputs
        # scalars and every output an array.
        arrays = self._signatures[0][3] if self._signatures else \
            [bool(core) for core in self._ins] + [True] * len(self._outs)
        names = ["a%d" % k for k in range(nargs)]
        self._passed = ["%s[i:i + 1]" % n if k < len(self._ins) and not self._ins[k]
                        and arrays[k] else "%s[i]" % n for k, n in enumerate(names)]
        passed = ", ".join(self._passed)
        name = _kernel_name("gufunc_", func)
        source = ("def %s(%s, n):\n"
                  "    i = cuda.grid(1)\n"
                  "    if i < n:\n"
                  "        op(%s)\n" % (name, ", ".join(names), passed))
        self._kernel = _jit_for(target, self._fastmath)(_exec_kernel(source, name, self._device))
        self._staged = {}     # {(staged, copy_in, dtype names): the staged kernel}
        self._safety = {}  # {params: _staging_safety's (may stage, inputs read-only)}

    def _launcher(self, params, flat, nin, outs, results, n, stream):
        """The launcher of a call (taking the flat arguments, then n) and its
        staged kernel's key: the staged kernel's (_staging) where some
        argument is staged, else the direct kernel's (the key None)."""
        from . import _staging
        nargs = len(flat)
        cores = self._ins + self._outs
        candidates = [k for k in range(nargs) if len(cores[k]) == 1 and
                      _staging.stageable(flat[k].shape[1:], params[k])]
        if self._kernel.target not in _STAGED_TARGETS or n < 2 or not candidates:
            return self._kernel.forall(n, stream=stream), None
        safe, read_only = self._staging_safety(params)
        if not safe:
            return self._kernel.forall(n, stream=stream), None
        if not read_only:
            candidates = [k for k in candidates if k >= nin]
        rows_of = {k: flat[k].shape[1] for k in candidates}
        sizes = {k: np.dtype(params[k]).itemsize for k in candidates}
        fitted = _staging.layout(candidates, rows_of, sizes) if candidates else None
        if fitted is None:
            return self._kernel.forall(n, stream=stream), None
        rows, offsets, nbytes = fitted
        # Given outputs written in place: the function may read them first.
        copy_in = tuple(k for k in candidates if k < nin or results[k - nin] is (
            outs[k - nin] if outs else None))
        copy_out = tuple(k for k in candidates if k >= nin)
        names = tuple(np.dtype(dt).name for dt in params)
        key = (tuple(candidates), copy_in, names)
        kernel = self._staged.get(key)
        if kernel is False:  # (it did not compile)
            return self._kernel.forall(n, stream=stream), None
        if kernel is None:
            name = _kernel_name("gufunc_", self._func)  # (the direct kernel's: errors name it)
            text = _staging.source(name, nargs, candidates, copy_in, copy_out, names,
                                   self._passed, {k: cores[k][0] for k in candidates})
            scope = {"dt_" + nm: np.dtype(nm).type for nm in names}
            kernel = _jit_for(self._target, self._fastmath)(
                _exec_kernel(text, name, self._device, scope))
            self._staged[key] = kernel
        extra = (rows,) + tuple(v for k in candidates for v in (rows_of[k], offsets[k]))
        launch = kernel[(n + rows - 1) // rows, max(rows, _staging.THREADS), stream, nbytes]
        return _StagedLaunch(launch, extra), key

    def _staging_safety(self, params):
        """(whether the function may run staged, whether it writes none of
        its array inputs), by compiling it to the IR stage as a kernel of
        the types the direct kernel passes it, inputs read-only (again
        writable if that does not compile). It may run staged when its code
        is thread-independent (ir::isThreadIndependent: no raise, barrier,
        thread index or shared array), as the staged kernel runs it on other
        threads than the direct one and copies its rows back after it."""
        params = tuple(params)
        known = self._safety.get(params)
        if known is not None:
            return known
        arrays = next((sig[3] for sig in self._signatures if tuple(sig[1]) == params), None)
        known = (False, False)
        if arrays is not None:
            def typed(read_only):
                types = []
                for k, (dt, core, array) in enumerate(zip(params, self._ins + self._outs,
                                                          arrays)):
                    name = np.dtype(dt).name
                    types.append("%sarray(%s, %dd, C)" % (
                        "readonly " if read_only and k < len(self._ins) else "", name,
                        max(len(core), 1)) if array else name)
                return _compile_stage(self._func, types, "ir")

            for read_only in (True, False):
                try:
                    known = (typed(read_only)["thread_independent"], read_only)
                    break
                except Exception:  # (a write to an input; a type it cannot name)
                    continue
        self._safety[params] = known
        return known

    @property
    def types(self):
        """The signatures as NumPy's ufunc.types spells them ('dl->d')."""
        nin = len(self._ins)
        return ["".join(np.dtype(t).char for t in p[:nin]) + "->" +
                "".join(np.dtype(t).char for t in p[nin:]) for _, p, _, _ in self._signatures]

    @property
    def ntypes(self):
        return len(self._signatures)

    def _add_signature(self, text):
        what = "guvectorize '%s'" % self.__name__
        nargs = len(self._ins) + len(self._outs)
        if not isinstance(text, str):  # (float32[:], float32[:]): numba's argument types
            from ._dispatcher import signature_text
            text = signature_text(text)
            text = "void" + text if text.startswith("(") else text
        elif "(" not in text and len(_split_params(text)) > 1:
            text = "void(%s)" % text  # 'float32[:], float32': numba's argument types
        result, params, arrays = _parse_signature(text, what)
        if result is not None or len(params) != nargs:
            raise TypeError("%s: signature %r must be 'void(...)' with %d parameters"
                            % (what, text, nargs))
        for k, (core, array) in enumerate(zip(self._ins + self._outs, arrays)):
            if core and not array:  # numba's _determine_gufunc_outer_types, at decoration
                raise ValueError("%s: gufunc signature mismatch: parameter %d of %r is a "
                                 "scalar, and the layout %r gives it %d core dimension%s "
                                 "(declare it an array, e.g. %s[:])"
                                 % (what, k, text, self._layout, len(core),
                                    "" if len(core) == 1 else "s", params[k]))
        self._signatures.append((result, params, text, arrays))
        self._plans = {}  # (a dynamic gufunc's choice may change)
        return params

    def _dynamic_params(self, args, outs, what):
        """A dynamic gufunc's parameter dtypes for a call: the first
        signature that takes the inputs (_by_dtype: casting safely) and whose
        outputs are the given outputs' dtypes, else a new signature of the
        arguments' own dtypes (() inputs scalars, outputs arrays)."""
        nin = len(self._ins)
        dtypes = _call_dtypes(list(args) + list(outs), what)
        sig = _by_dtype(self._signatures, dtypes[:nin], dtypes[nin:])
        if sig is not None:
            return sig[1]
        if not outs:
            raise TypeError("%s: no signature takes arguments of types (%s), and a gufunc "
                            "without signatures compiles one only when the call passes its "
                            "outputs too: %s(%s)"
                            % (what, ", ".join(map(str, dtypes)), self.__name__, ", ".join(
                                ["x%d" % k for k in range(nin)] +
                                ["out%d" % k for k in range(len(self._outs))])))
        with self._lock:  # (another thread may have added it meanwhile)
            sig = _by_dtype(self._signatures, dtypes[:nin], dtypes[nin:])
            if sig is not None:
                return sig[1]
            parts = []
            for k, (dt, core) in enumerate(zip(dtypes, self._ins + self._outs)):
                array = k >= nin or bool(core)
                parts.append(dt.name + ("[%s]" % ", ".join([":"] * max(len(core), 1))
                                        if array else ""))
            return self._add_signature("void(%s)" % ", ".join(parts))

    @_entry
    def __call__(self, *args, out=None, stream=0, **keywords):
        key = _gufunc_plan_key(args, out) if not keywords else None
        if key is not None and not (type(stream) is int and stream == 0):
            key = _with_stream(key, stream)
        plans = self._plans  # (a signature added meanwhile replaces it: no plan kept then)
        if key is not None:
            plan = plans.get(key)
            if plan is not None:  # a call like one before: nothing to check again
                nin, n, in_shapes, fresh, out_shapes, launch = plan
                outs = args[nin:] or ((out,) if type(out) is DeviceArray else out) or \
                    [DeviceArray._new_c(shape, dt) for shape, dt in fresh]
                launch(*[a if a._shape == s else a.reshape(s)
                         for a, s in zip(args[:nin] + tuple(outs), in_shapes + out_shapes)], n)
                return outs[0] if len(outs) == 1 else tuple(outs)
        what = "gufunc '%s'" % self.__name__
        _unrecognized(keywords, self._target, what)
        given_args = args
        nin, nout = len(self._ins), len(self._outs)
        if len(args) > nin and out is not None:
            raise ValueError("%s: cannot specify argument 'out' as both positional and keyword"
                             % what)
        outs = list(args[nin:]) if len(args) > nin else ([] if out is None else
                                                          list(out if isinstance(out, tuple)
                                                               else (out,)))
        args = [_as_input(a) for a in args[:nin]]
        # A foreign device output (CuPy, torch, any __cuda_array_interface__):
        # its DeviceArray view, written in place and returned (numba's).
        outs = [cuda.as_cuda_array(o) if _is_device(o) and not isinstance(o, DeviceArray) else o
                for o in outs]
        if isinstance(out, tuple) and len(outs) != nout:
            raise TypeError("%s has %d outputs, out= gives %d" % (what, nout, len(outs)))
        if len(args) != nin or len(outs) not in (0, nout):
            raise TypeError("%s takes %d inputs (and optionally %d outputs), got %d"
                            % (what, nin, nout, len(args) + len(outs)))
        for k, o in enumerate(outs):
            if not hasattr(o, "shape"):
                raise TypeError("%s: output %d is a %s, not an array"
                                % (what, k, type(o).__name__))
        count = len(self._signatures)
        if self._dynamic:
            params = self._dynamic_params(args, outs, what)
        else:
            _, params, _ = _choose([s[:3] for s in self._signatures], args, what,
                                   narrowing=True)
        dims = {}
        loops = []
        for k, (a, core) in enumerate(zip(args, self._ins)):
            shape = tuple(getattr(a, "shape", ()))
            if len(shape) < len(core):
                raise ValueError("%s: input %d has %d dimensions, its core %s needs %d"
                                 % (what, k, len(shape), tuple(core), len(core)))
            for d, size in zip(core, shape[len(shape) - len(core):]):
                if dims.setdefault(d, size) != size:
                    raise ValueError("%s: core dimension '%s' is %d and %d"
                                     % (what, d, dims[d], size))
            loops.append(shape[:len(shape) - len(core)])
        try:
            loop = loops[0] if loops and loops.count(loops[0]) == len(loops) else \
                np.broadcast_shapes(*loops)
        except ValueError:
            raise ValueError("%s: the loop dimensions %s do not broadcast"
                             % (what, ", ".join(map(str, loops)))) from None
        if loops and all(shape in ((), (1,)) for shape in loops):
            # One element each: numba's loop is the first input's (its
            # GUFuncEngine pins a (1,) input), so y of shape (1,) for a `()`
            # core leaves x's `(n)` result of shape (n,), not NumPy's (1, n).
            loop = loops[0]
        for k, (given, core) in enumerate(zip(outs, self._outs)):
            # Given outputs: their loop dimensions extend the inputs' (NumPy
            # broadcasts the inputs to them); numba's (1,) output of a call
            # without loop dimensions (`res = np.zeros(1)`) holds its result.
            shape = tuple(given.shape)
            if len(shape) < len(core) or (not loop and shape[:len(shape) - len(core)] == (1,)):
                continue  # (checked below)
            try:
                if shape[:len(shape) - len(core)] != loop:
                    loop = np.broadcast_shapes(loop, shape[:len(shape) - len(core)])
            except ValueError:
                pass  # (checked below)
        # No loop dimensions (numba's dot(a, b) of two vectors): one loop
        # index, removed from the results again.
        scalar_loop = not loop
        work = loop or (1,)
        n = math.prod(work)
        device = any(_is_device(a) for a in list(args) + outs)
        flat = []
        planned = key is not None and device and not scalar_loop and n > 0
        for k, (a, core, dt, outer) in enumerate(zip(args, self._ins, params, loops)):
            if _is_device(a) and not np.can_cast(_dtype_of(a), _dtype(dt), "safe"):
                # Host inputs are converted as numba-cuda converts them (a
                # float64 array for a float32 signature); device memory is
                # not narrowed behind the caller's back (2**32 + 3 into int32
                # would be 3): numba-cuda refuses it too.
                raise TypeError("%s: input %d is a device array of %s, which the signature's "
                                "%s cannot hold; convert it first (or pass a host array)"
                                % (what, k, _dtype_of(a), np.dtype(dt)))
            core_shape = tuple(dims[d] for d in core)
            if len(outer) > len(loop):  # a pinned (1,) input: its one element
                a = a.reshape(tuple(a.shape)[len(outer) - len(loop):])
            d = _on_device(a if not scalar_loop or _is_device(a) else np.asarray(a)[None],
                           _dtype(dt), work + core_shape, stream)
            planned = planned and d is given_args[k]  # (the array itself: no copy, no broadcast)
            flat.append(_shaped(d, (n,) + core_shape))
        results = []
        for k, core in enumerate(self._outs):
            # (each of its dimensions is an input's: checked at decoration)
            core_shape = tuple(dims[d] for d in core)
            dt = _dtype(params[nin + k])
            given = outs[k] if outs else None
            pinned = given is not None and scalar_loop and \
                tuple(given.shape) == (1,) + core_shape  # numba's res = np.zeros(1)
            if given is not None and tuple(given.shape) != loop + core_shape and not pinned:
                raise ValueError("%s: output %d must have shape %s, got %s"
                                 % (what, k, loop + core_shape, tuple(given.shape)))
            if given is not None:
                _check_out_dtype(dt, given, "output %d" % k, what)
            if given is not None and _is_device(given) and (not scalar_loop or pinned) and \
                    given.is_c_contiguous():
                dev = given
            else:
                dev = cuda.device_array(work + core_shape, dt)
            planned = planned and (dev is given or given is None)  # (in place, or new)
            results.append(dev)
            flat.append(_shaped(dev, (n,) + (core_shape or (1,))))
        if n:
            launch, staged = self._launcher(params, flat, nin, outs, results, n, stream)
            try:
                try:
                    launch(*flat, n)
                except CompileError:
                    if staged is None:
                        raise
                    # The staged kernel does not compile where the direct one
                    # may (or gives the user's error from the direct kernel's
                    # compile): these types are not staged again.
                    self._staged[staged] = False
                    launch = self._kernel.forall(n, stream=stream)
                    launch(*flat, n)
            except CompileError:
                if len(self._signatures) > count:  # a new signature that does not compile
                    with self._lock:
                        self._signatures = [sig for i, sig in enumerate(self._signatures)
                                            if i < count or sig[1] != params]
                raise
            if planned:
                # Device arrays of the loop's shape, the signature's dtypes,
                # C order; outputs given in place or made new: a call with
                # the same key takes the same steps (_gufunc_plan_key).
                if len(plans) >= 64:
                    plans.clear()
                plans[key] = (nin, n, [f.shape for f in flat[:nin]],
                              None if outs else [(r.shape, r.dtype) for r in results],
                              [f.shape for f in flat[nin:]], launch)
        final = []
        for k, dev in enumerate(results):
            given = outs[k] if outs else None
            if given is not None and _is_device(given) and dev is given:
                final.append(given)
                continue
            if device and given is None:
                # No loop dimensions: the one result's device array (a 0-d
                # one for a () core), as numba-cuda keeps it on the device.
                final.append(dev if not scalar_loop else
                             dev[0] if dev.ndim > 1 else dev.reshape(()))
                continue
            if given is not None and _is_device(given):  # a strided or pinned device output
                given._assign_from(dev.reshape(tuple(given.shape)), stream)
                final.append(given)
                continue
            host = dev.copy_to_host(stream=stream)
            if scalar_loop:  # no loop dimensions: the one result, of the core shape
                host = host[0]
                if self._target == "cuda" and np.ndim(host) == 0:
                    host = np.asarray(host)  # numba-cuda's: a 0-d array (NumPy's: a number)
            if given is not None:  # written into the given host output
                given[...] = host
                final.append(given)
            else:
                final.append(host)
        return final[0] if nout == 1 else tuple(final)

    def __reduce__(self):
        """Pickled as a kernel is (by reference or by value: _serialize.py),
        with its signatures and whether it compiles more."""
        from . import _serialize
        sigs = [text for _, _, text, _ in self._signatures]
        return _serialize.reduce(self, self._func, type(self),
                                 (sigs, self._layout, self._target, self._fastmath,
                                  self._dynamic))

    def __setstate__(self, state):
        from . import _serialize
        _serialize.restore(self, state)

    def __repr__(self):
        return "<pyjit gufunc '%s' (target=%s)>" % (self.__name__, self._target)


def guvectorize(signatures, layout=None, target="cpu", identity=None, nopython=None,
                cache=False, **options):
    """numba.guvectorize: `@guvectorize(['void(float64[:], float64[:])'], '(n)->()',
    target='cuda')` makes a generalized ufunc of a function that writes its
    outputs; `@guvectorize('(n)->()')`, a layout alone, a dynamic one that
    compiles for the dtypes of each call's inputs and outputs (numba's; calls
    pass the outputs). docs/host-api.md."""
    if layout is None:
        if isinstance(signatures, str) and "->" in signatures:  # the layout alone
            signatures, layout = None, signatures
        else:
            raise TypeError("guvectorize needs a layout such as '(n),(n)->()': "
                            "guvectorize(signatures, layout) or guvectorize(layout)")
    sigs = None if signatures is None else \
        [signatures] if isinstance(signatures, str) else list(signatures)
    _check_identity("guvectorize", identity)
    _jit_for(target)
    fastmath = _check_options("guvectorize", nopython, options, target)
    from ._dispatcher import user_facing  # (a compile error at decoration: at the user's line)
    return user_facing(lambda func: _GUfunc(func, sigs, layout, target, fastmath))
