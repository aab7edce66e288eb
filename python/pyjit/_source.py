"""What the compiler needs to know about a Python function.

`describe(func)` gives the function's source text, file, first line and the
values of the global and closure names it refers to, classified for the C++
compiler (see pyjit/python/Bridge.h). The decorator and pyjitc both use it,
so globals resolve identically on both paths.
"""
import ast
import cmath
import collections
import enum
import functools
import importlib.machinery
import importlib.util
import inspect
import math
import operator
import os
import sys
import textwrap
import time
import weakref
import types

import numpy as np

from ._locks import new_lock
from ._typeof import SUPPORTED_DTYPES

_AST_LOCK = new_lock(sys.modules[__name__], "_AST_LOCK")  # ast_parse's

_NUMPY_SCALARS = {name: np.dtype(name).type for name in SUPPORTED_DTYPES}
_DTYPE_NAMES = {v: k for k, v in _NUMPY_SCALARS.items()}
_CONST_BYTES = 64 * 1024  # CUDA's constant memory per module
# math functions kernels may call (ir/MathFunctions.h), also when imported
# by name (`from math import sin`), and the NumPy scalar functions numba accepts.
_MATH_NAMES = ("acos acosh asin asinh atan atanh cos cosh erf erfc exp expm1 fabs gamma "
               "lgamma log log10 log1p log2 sin sinh sqrt tan tanh degrees radians atan2 "
               "copysign fmod hypot pow remainder ldexp floor ceil trunc isnan isinf "
               "isfinite exp2 cbrt nextafter modf frexp").split()
_FUNCTIONS = {getattr(math, n): "math." + n for n in _MATH_NAMES if hasattr(math, n)}
_FUNCTIONS[operator.add] = "operator.add"  # pyjit.coop's + operator
_FUNCTIONS[operator.getitem] = "operator.getitem"  # getitem(a, i): a[i]
_FUNCTIONS[min] = "min"  # as values (OP = min), pyjit.coop's operators
_FUNCTIONS[max] = "max"
# NumPy's ufuncs with a cmath counterpart are numpy.m.*: cmath's for a complex
# argument (as np.sin(z) spelled in the kernel is), math's otherwise.
_FUNCTIONS.update({getattr(np, n): ("numpy.m." if hasattr(cmath, n) else "math.") + n
                   for n in _MATH_NAMES if isinstance(getattr(np, n, None), np.ufunc)})
# NumPy's floor/ceil/trunc/rint return floats (math's return ints).
_FUNCTIONS.update({getattr(np, n): "math.np." + n for n in ("floor", "ceil", "trunc", "rint")})
# NumPy's scalar ufuncs with no math counterpart (ir/lib/InferCalls.cpp).
# (np.fmod keeps integers integers, math.fmod gives floats; np.nextafter,
# np.modf and np.frexp type as NumPy's loops.) As `np.<name>` resolves in
# the kernel (ir/lib/TypeInference.cpp, isNumpyScalarFunction).
_FUNCTIONS.update({getattr(np, n): "numpy." + n
                   for n in ("minimum", "maximum", "fmin", "fmax", "sign", "square", "negative",
                             "fmod", "signbit", "logaddexp", "logaddexp2", "reciprocal", "gcd",
                             "lcm", "nextafter", "spacing", "heaviside", "float_power", "isnat",
                             "modf", "frexp", "divmod")})
_FUNCTIONS[np.ndindex] = "numpy.ndindex"  # a `for` loop's iterables
_FUNCTIONS[np.ndenumerate] = "numpy.ndenumerate"
_FUNCTIONS[np.nditer] = "numpy.nditer"
_FUNCTIONS[np.isclose] = "numpy.isclose"
_FUNCTIONS.update({np.angle: "numpy.angle", np.nan_to_num: "numpy.nan_to_num",
                   np.round: "numpy.round", np.around: "numpy.round", np.clip: "numpy.clip",
                   np.sinc: "numpy.sinc"})
_FUNCTIONS[np.absolute] = "abs"  # np.abs is np.absolute; integers stay integers


# Exception classes defined inside functions that kernels raise, by the name
# their error sites carry ("module:qualname@id"); kept alive for the host.
EXCEPTION_CLASSES = {}


def named_object(module, qualname):
    """What `module:qualname` names through sys.modules (the host's lookup
    of a class a kernel raises), or None."""
    obj = sys.modules.get(module)
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
    return obj


def _cuda_modules():
    mods = []
    from . import cuda as pyjit_cuda
    mods.append(pyjit_cuda)
    numba_cuda = sys.modules.get("numba.cuda")
    if numba_cuda is not None:
        mods.append(numba_cuda)
    return mods


# numba-cuda's modules whose members kernels use by name (`from numba.cuda
# import grid`, `from numba.cuda.fp16 import hadd`): pyjit.cuda's counterpart
# (its attribute of that name, "" for pyjit.cuda itself).
_NUMBA_TWINS = {"numba.cuda": "", "numba.cuda.fp16": "fp16", "numba.cuda.bf16": "bf16",
                "numba.cuda.libdevice": "libdevice", "numba.cuda.random": "random",
                "numba.cuda.cg": "cg", "numba.cuda.cache_hints": "cache_hints"}
_twins = {"loaded": None, "map": {}, "missing": {}}


def numba_twin(value):
    """pyjit's counterpart of a member of numba-cuda's modules (numba's
    cuda.grid, fp16.hadd, libdevice.sinf, cuda.shared, ...: the same name in
    pyjit.cuda's module), or None for anything else. Kernels that import
    names from numba.cuda run unchanged with `from pyjit import cuda`."""
    if "numba.cuda" not in sys.modules:
        return None
    try:
        module = getattr(value, "__module__", None)
    except Exception:  # a lazy module's __getattr__ that fails: not numba's
        module = None
    if not (isinstance(module, str) and module.startswith("numba")) and not str(
            getattr(type(value), "__module__", "")).startswith("numba"):
        return None
    _load_twins()
    entry = _twins["map"].get(id(value))
    return entry[1] if entry is not None and entry[0] is value else None


def numba_lacking(value):
    """'numba.cuda.fp16.atomicAdd' for a member of numba-cuda's modules
    pyjit.cuda's counterpart does not have, else None (numba_twin first)."""
    if "numba.cuda" not in sys.modules:
        return None
    _load_twins()
    entry = _twins["missing"].get(id(value))
    return entry[1] if entry is not None and entry[0] is value else None


def _load_twins():
    loaded = tuple(id(sys.modules.get(name)) for name in _NUMBA_TWINS)
    if _twins["loaded"] == loaded:
        return
    from . import cuda as pyjit_cuda
    found, missing = {}, {}
    for name, attr in _NUMBA_TWINS.items():
        numba_module = sys.modules.get(name)
        ours = getattr(pyjit_cuda, attr, None) if attr else pyjit_cuda
        if numba_module is None or ours is None:
            continue
        for member in dir(numba_module):
            if member.startswith("__") and member.endswith("__"):  # (fp16's __hadd_sat is one)
                continue
            try:
                theirs = getattr(numba_module, member, None)
            except Exception:  # a lazy attribute that fails to load
                continue
            if theirs is None or isinstance(theirs, (int, float, str)):
                continue
            twin = getattr(ours, member, None)
            if twin is None:
                if not isinstance(theirs, types.ModuleType):
                    missing.setdefault(id(theirs), (theirs, "%s.%s" % (name, member)))
            elif twin is not theirs:
                found.setdefault(id(theirs), (theirs, twin))
    _twins["loaded"], _twins["map"], _twins["missing"] = loaded, found, missing


class AttributeReads(collections.namedtuple("AttributeReads", "names depth")):
    """The attributes a function's code reads (`x.name`, any x) and the
    longest chain of them (`pkg.sub.f` is 2): which attributes of a module
    classify() describes, and how many modules deep."""


_NO_READS = AttributeReads(frozenset(), 0)


_PARSED = (None, None)  # the last (dedented source, tree) _parse made: describe reuses it


def ast_parse(text):
    """ast.parse(text), one thread at a time: CPython 3.11's conversion of
    syntax trees to Python objects keeps one recursion counter for every
    thread, and two threads parsing at once can fail with "SystemError: AST
    constructor recursion depth mismatch" (CPython issue gh-106905)."""
    with _AST_LOCK:
        return ast.parse(text)


def _parse(text):
    """ast.parse(text), remembered for the next call with the same text (a
    kernel's source is parsed by _complete, then by attribute_reads)."""
    global _PARSED
    last_text, last_tree = _PARSED  # (one tuple: never a text with another's tree)
    if last_text != text:
        last_tree = ast_parse(text)
        _PARSED = (text, last_tree)
    return last_tree


def attribute_reads(source, code):
    """AttributeReads of a function from its source text; if that does not
    parse on its own, every name of its code, up to 3 deep."""
    try:
        tree = _parse(textwrap.dedent(source))
    except (SyntaxError, RecursionError, MemoryError):  # (too deep for ast here: CPython's limit)
        return AttributeReads(frozenset(_code_names(code)), 3)
    names, depth = set(), 0
    for node in ast.walk(tree):
        if (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
                and isinstance(node.slice.value, str)):
            names.add(node.slice.value)  # Color['red']: an enum member by name
            depth = max(depth, 1)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "hasattr" and len(node.args) == 2
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)):
            names.add(node.args[1].value)  # hasattr(m, 'f'): m.f, if it is there
            depth = max(depth, 1)
        if isinstance(node, ast.Attribute):
            names.add(node.attr)
            length, inner = 1, node.value
            while isinstance(inner, ast.Attribute):
                length, inner = length + 1, inner.value
            depth = max(depth, length)
    if "hasattr" in _code_names(code):
        # hasattr(Color, n) of a local string, or of "GR" + "EEN" (CPython
        # folds it): every identifier among the code's string constants.
        def strings(c):
            for const in c.co_consts:
                if isinstance(const, str) and const.isidentifier():
                    yield const
                elif isinstance(const, types.CodeType):
                    yield from strings(const)
        names.update(strings(code))
        depth = max(depth, 1)
    # One level more: a module bound to a local (`m = pkg.sub; m.f(x)`).
    return AttributeReads(frozenset(names), depth + 1)


def enum_member_type(cls):
    """numba's EnumMember type of plain Enum class `cls`, as pyjit spells it:
    the class's qualified name, after its module's unless that is __main__
    (an identifier: other characters become '_'); `int64` when every member's
    value is a 64-bit int (the value is passed), else `ordinal` (the member's
    position in the class is: members compare, .value is not read)."""
    return "EnumMember(%s, %s)" % (_enum_class_spelling(cls),
                                   "int64" if _int_valued(cls) else "ordinal")


def int_enum_member_type(cls):
    """numba's IntEnumMember type of enum.IntEnum class `cls`, as pyjit spells
    it ("IntEnumMember(Shape, int64)", the class named as enum_member_type
    names it); None when a member's value does not fit int64 (such members
    are typed as the ints they are)."""
    return "IntEnumMember(%s, int64)" % _enum_class_spelling(cls) if _int_valued(cls) else None


#: Enum classes by their spelling (_enum_class_spelling), held weakly: the
#: spelling is the type's identity in the compiler, so no two live classes
#: may share one.
_ENUM_SPELLINGS = {}


def _enum_class_spelling(cls):
    """Enum class `cls` as an identifier: its qualified name, after its
    module's unless that is __main__, other characters made '_'; with "_2",
    "_3", ... after it for a second, third class of that spelling alive in
    this process (classes a factory makes, `pk.m.C` and `pk_m.C`), as the
    spelling is its type's identity and members of two classes are never
    the same object."""
    name = cls.__qualname__ if cls.__module__ == "__main__" else "%s.%s" % (
        cls.__module__, cls.__qualname__)
    base = spelled = "".join(c if c.isalnum() else "_" for c in name)
    n = 1
    while True:
        ref = _ENUM_SPELLINGS.get(spelled)
        owner = ref() if ref is not None else None
        if owner is None:
            _ENUM_SPELLINGS[spelled] = weakref.ref(cls)
            return spelled
        if owner is cls:
            return spelled
        n += 1
        spelled = "%s_%d" % (base, n)


@functools.lru_cache(maxsize=None)
def _int_valued(cls):
    """Whether every member of Enum class `cls` has a 64-bit int value."""
    return all(type(m.value) is int and -2 ** 63 <= m.value < 2 ** 63 for m in cls)


def enum_member_value(member):
    """What a plain Enum member passes as: its int value, or (an Enum of other
    values) its position in its class."""
    cls = type(member)
    return member.value if _int_valued(cls) else list(cls).index(member)


def _dtype_spelling(dtype):
    """The dtype's name for the compiler: a scalar's NumPy name, numba's
    Record spelling of a structured dtype, or None if pyjit has none."""
    if dtype.fields is not None:
        from ._typeof import record_spelling
        return record_spelling(dtype)[0]
    if dtype.kind in "Mm":  # datetime64[D] etc.: an int64 count of one unit
        from ._typeof import datetime_name
        return datetime_name(dtype)
    if dtype.name == "bfloat16" and dtype.kind == "V" and dtype.itemsize == 2:
        return "bfloat16"  # ml_dtypes' bfloat16
    return dtype.name if dtype.name in _NUMPY_SCALARS else None


def is_jitable_wrapper(typing, function):
    """Whether typing function `typing` is what numba's register_jitable
    registers for `function`: `ov_wrap`, returning the function itself."""
    cells = getattr(typing, "__closure__", None) or ()
    return getattr(typing, "__name__", "") == "ov_wrap" and any(
        _cell_value(cell) is function for cell in cells)


def _cell_value(cell):
    """A closure cell's value; None for an empty cell."""
    try:
        return cell.cell_contents
    except ValueError:
        return None


_MAX_TUPLE_DEPTH = 100  # tuples nested deeper are refused (classify), not a RecursionError


def classify(value, memo=None, reads=_NO_READS, _depth=0):
    """The (kind, value) description of one global value.

    A device function becomes ("devfunc", describe(its function)); `memo`
    makes a function that refers to itself (recursion) describe once.
    A module pyjit has no meaning for (a user's module of device functions
    and constants, pyjit.cuda.random) or an IntEnum class becomes
    ("namespace", (label, {attribute: description})), with the attributes
    among `reads` (an AttributeReads) that it has, `reads.depth` deep.
    """
    from . import coop
    from ._dispatcher import DeviceFunction, Dispatcher
    twin = numba_twin(value)
    if twin is not None:  # numba.cuda's grid, fp16.hadd, ...: pyjit's of that name
        return classify(twin, memo, reads)
    if isinstance(value, coop._Namespace):
        return ("module", value._path)
    if value is coop:
        return ("module", "coop")
    if (callable(value) and getattr(value, "__module__", None) in ("_operator", "operator")
            and getattr(operator, getattr(value, "__name__", ""), None) is value):
        return ("function", "operator." + value.__name__)  # from operator import add
    if (callable(value) and getattr(value, "__name__", None) == "literal_unroll"
            and str(getattr(value, "__module__", "")).split(".")[0] in ("numba", "pyjit")):
        return ("function", "literal_unroll")  # for x in literal_unroll(t): t's elements
    if (callable(value) and getattr(value, "__name__", None) in ("carray", "farray")
            and str(getattr(value, "__module__", "")).split(".")[0] == "numba"):
        return ("function", value.__name__)  # numba.carray(ptr, shape, dtype): pyjit's
    if value is range or (callable(value) and getattr(value, "__name__", None) == "prange"
                          and str(getattr(value, "__module__", "")).split(".")[0]
                          in ("numba", "pyjit")):
        return ("function", "range")  # numba.prange in a CUDA kernel is range
    if callable(value) and isinstance(getattr(value, "_pyjit_path", None), str):
        return ("function", value._pyjit_path)  # load = coop.block.load_striped
    if type(value).__name__ == "FFI" and type(value).__module__.split(".")[0] in (
            "cffi", "_cffi_backend"):
        return ("module", "ffi")  # cffi's FFI object: ffi.from_buffer(a) in kernels
    from .cuda import DeclaredDevice, _KernelOnly
    from . import _intrinsic
    if _intrinsic.is_intrinsic(value):  # numba's @intrinsic: llvmlite codegen, linked in
        return _intrinsic.describe(value, memo if memo is not None else {})
    if isinstance(value, DeclaredDevice):  # cuda.declare_device: called by symbol
        return ("extern", (value._symbol, value._result, value._params, value._link,
                           value._abi))
    if isinstance(value, _KernelOnly):
        return ("module", value._pyjit_path)  # tid = cuda.threadIdx; from pyjit.cuda import shared
    if (type(value).__name__ == "CPUDispatcher" and type(value).__module__.startswith("numba")
            and callable(getattr(value, "py_func", None))):
        # A numba @njit function called from a kernel: its Python source, as
        # a device function (numba compiles it for the CUDA target too).
        return ("devfunc", describe(value.py_func, memo))
    numba_cuda_jit = (type(value).__name__ == "CUDADispatcher"
                      and type(value).__module__.startswith("numba")
                      and callable(getattr(value, "py_func", None)))
    if isinstance(value, (DeviceFunction, Dispatcher)) or numba_cuda_jit:
        # A kernel called from a kernel is compiled as a device function too
        # (numba-cuda: a @cuda.jit function is callable either way). With
        # signatures, a call takes the best matching one and converts its
        # arguments and result to it (numba). numba-cuda's own @cuda.jit
        # functions (a helper module not ported yet) are compiled from their
        # Python source the same way, with the signatures numba compiled
        # eagerly (it compiles no others then).
        info = describe(value.py_func, memo)
        if numba_cuda_jit:
            from ._dispatcher import signature_text
            sigs = () if getattr(value, "_can_compile", True) else tuple(
                signature_text(c.signature) for c in getattr(value, "overloads", {}).values()
                if getattr(c, "signature", None) is not None)
        else:
            sigs = tuple(getattr(value, "signature_strings", ()))
        why = getattr(value, "_returns_nothing", None)  # (a gufunc's function)
        if why:
            key = ("returns_nothing", id(value.py_func))
            if key not in memo:
                memo[key] = dict(info, returns_nothing=why)
                memo.setdefault(_COPIES, []).append((memo[key], info))
            info = memo[key]
        if sigs:
            # One dict per function and signatures, as `info` is one per
            # function: the compiler knows a function by its description's
            # identity (a recursion is a call of a function being typed).
            key = ("signatures", id(value.py_func), sigs)
            if key not in memo:
                memo[key] = dict(info, signatures=sigs)
                # (info may not be filled yet: describe() completes the copy)
                memo.setdefault(_COPIES, []).append((memo[key], info))
            info = memo[key]
        return ("devfunc", info)
    if isinstance(value, (bool, np.bool_)):
        return ("bool", bool(value))
    if value is None:  # `if SCALE is None:` is decided when compiling, as in numba
        return ("none", None)
    # Python numbers are weak (NEP 50); a NumPy scalar keeps its type.
    if isinstance(value, np.generic) and value.dtype.name in _NUMPY_SCALARS:
        if isinstance(value, np.integer):
            v = int(value)
            return ("int", v - (1 << 64) if v >= 1 << 63 else v, value.dtype.name)
        if isinstance(value, np.floating):
            return ("float", float(value), value.dtype.name)
        if isinstance(value, np.complexfloating):
            return ("complex", (float(value.real), float(value.imag)), value.dtype.name)
    if isinstance(value, np.generic) and _dtype_spelling(value.dtype) == "bfloat16":
        return ("float", float(value), "bfloat16")  # ml_dtypes.bfloat16(0.5)
    if ((isinstance(value, type) and issubclass(value, np.generic)) or isinstance(
            value, np.dtype)) and _dtype_spelling(np.dtype(value)) == "bfloat16":
        return ("dtype", "bfloat16")  # ml_dtypes.bfloat16(x) in a kernel: a conversion
    if isinstance(value, (np.datetime64, np.timedelta64)):
        # A constant (numba lowers NPDatetime/NPTimedelta constants): its
        # int64 count of its unit, NaT being -2**63.
        spelled = _dtype_spelling(value.dtype)
        if spelled is None:
            return ("unsupported", "%s of unit %r (kernels take one of the units Y M W D h m "
                                   "s ms us ns ps fs as; give NaT one, np.datetime64('NaT', "
                                   "'s'))" % (value.dtype.name.split("[")[0],
                                              value.dtype.str[3:] or "generic"))
        return ("int", int(value.view(np.int64)), spelled)
    if isinstance(value, tuple):
        if _depth >= _MAX_TUPLE_DEPTH:
            return ("unsupported", "tuple nested more than %d deep" % _MAX_TUPLE_DEPTH)
        items = [classify(v, memo, _depth=_depth + 1) for v in value]
        fields = getattr(type(value), "_fields", None)
        if fields is None and hasattr(type(value), "n_fields"):
            # A struct sequence (sys.float_info, time.struct_time): its
            # fields by name as a named tuple's, where it names them all.
            fields = getattr(type(value), "__match_args__", None)
        if isinstance(fields, tuple) and len(fields) == len(value):  # a named tuple
            return ("tuple", items, "%s:%s" % (type(value).__name__, ",".join(fields)))
        return ("tuple", items)
    if (isinstance(value, type) and issubclass(value, tuple)
            and isinstance(getattr(value, "_fields", None), tuple)):
        # A named tuple class: Point(x, y) in a kernel makes one.
        return ("namedtuple_class", "%s:%s" % (value.__name__, ",".join(value._fields)))
    cai = None
    if not isinstance(value, (np.ndarray, types.ModuleType, type)):
        try:
            cai = getattr(value, "__cuda_array_interface__", None)
        except Exception:  # a lazy object whose attributes fail: not an array
            cai = None
    if isinstance(cai, dict) and cai.get("shape") is not None:
        # A global device array (numba-cuda): the kernel reads and writes it
        # through its address, which is part of the cache key. It must
        # outlive the kernels that use it, as in numba: the description keeps
        # it alive (describe).
        dtype = getattr(value, "dtype", None)
        if not isinstance(dtype, np.dtype):
            dtype = np.dtype(cai["typestr"])
            if cai.get("descr") and cai["typestr"].startswith("|V"):
                from ._typeof import _dtype_of_descr
                dtype = _dtype_of_descr(cai["descr"], dtype.itemsize, "a global device array")
        dtype_name = _dtype_spelling(dtype)
        if dtype_name is None:
            return ("unsupported", "device array of dtype %s" % dtype)
        shape = [int(s) for s in cai["shape"]]
        strides = cai.get("strides")
        if strides is None:
            strides = [int(s) for s in np.empty(shape, dtype, order="C").strides] \
                if all(shape) else [dtype.itemsize] * len(shape)
        host = _host_readable(value)
        if memo is not None:  # kept alive by the description (see describe)
            memo.setdefault(_KEEPALIVE, []).append(value)
        return ("devarray", (int(cai["data"][0] or 0), shape, [int(s) for s in strides],
                             dtype_name, bool(cai["data"][1]), host))
    if isinstance(value, np.void) and value.dtype.fields:
        # A record scalar (np.rec.array(...)[0], a structured array's a[0]):
        # a read-only record in constant memory (numba-cuda's constant_record).
        dtype_name = _dtype_spelling(value.dtype)
        if dtype_name is None:
            return ("unsupported", "record of dtype %s" % value.dtype)
        return ("array", (dtype_name, [1], np.array([value], dtype=value.dtype).tobytes(), "R"))
    if isinstance(value, np.ndarray):
        # A global array is a constant (numba): frozen into constant memory.
        dtype_name = _dtype_spelling(value.dtype)
        if dtype_name is None:
            return ("unsupported", "ndarray of dtype %s" % value.dtype)
        if value.nbytes > _CONST_BYTES:
            return ("unsupported", "ndarray of %d bytes (constant memory holds %d; pass it as "
                                   "an argument instead)" % (value.nbytes, _CONST_BYTES))
        # In native byte order: a '>i8' global holds the same numbers. An
        # F-contiguous one stays F (its bytes in memory order), others become
        # C-contiguous: numba-cuda's make_constant_array.
        dtype = value.dtype if value.dtype.fields else value.dtype.newbyteorder("=")
        if value.ndim > 1 and value.flags.f_contiguous and not value.flags.c_contiguous:
            native = np.asfortranarray(value, dtype=dtype)
            return ("array", (dtype_name, list(value.shape), native.T.tobytes(), "F"))
        native = np.ascontiguousarray(value, dtype=dtype)
        return ("array", (dtype_name, list(value.shape), native.tobytes()))
    # int()/float(): an IntEnum member (or any subclass) by its value, also in
    # the cache key (a custom __repr__ must not hide a changed value).
    if isinstance(value, enum.IntEnum) and int_enum_member_type(type(value)):
        # Shape.circle: numba's IntEnumMember, an int64 whose class `is` reads
        return ("enum", int(value), "%s.%s" % (type(value).__name__, value.name),
                int_enum_member_type(type(value)))
    if isinstance(value, enum.Enum) and isinstance(value, int) and not isinstance(value, bool):
        # Mode.ADD: an int whose .value is read too (an IntFlag or another
        # int mixin: typed int64, so `~Flag.A` is the int's complement, not
        # Python's flag complement)
        return ("enum", int(value), "%s.%s" % (type(value).__name__, value.name))
    if isinstance(value, enum.Enum) and isinstance(value, str):
        # A StrEnum member (or another str mixin): equal to its text, as in
        # Python (numba has no rule for it).
        return ("str", str.__str__(value))
    if isinstance(value, enum.Enum):
        # A plain Enum member (numba's EnumMember): its int value (or its
        # position, enum_member_value), typed as a member of its class (equal
        # only to members of it).
        described = ("enum", enum_member_value(value), "%s.%s" % (type(value).__name__, value.name),
                     enum_member_type(type(value)))
        # (an enum.Flag's empty member is false, as its __bool__ says)
        return described + (True,) if isinstance(value, enum.Flag) and not value else described
    if isinstance(value, int):
        return ("int", int(value))
    if isinstance(value, float):
        return ("float", float(value))
    if isinstance(value, complex):
        return ("complex", (float(value.real), float(value.imag)))
    if isinstance(value, types.ModuleType):
        if value.__name__ == "numba.cuda.libdevice":  # numba's own, as pyjit's
            return ("module", "cuda.libdevice")
        if value is math:
            return ("module", "math")
        if value is np:
            return ("module", "numpy")
        if any(value is m for m in _cuda_modules()):
            members = {}
            random = sys.modules.get(value.__name__ + ".random")
            if random is not None and "random" in reads.names and reads.depth > 1:
                # cuda.random.xoroshiro128p_uniform_float32(...) (numba: after
                # `import numba.cuda.random`): the cuda module with that member.
                members["random"] = classify(random, memo,
                                             AttributeReads(reads.names, reads.depth - 1))
            # Names the code reads that the module lacks: `cuda.gridprint` is
            # then "no attribute", not "not supported in kernels".
            absent = tuple(sorted(n for n in reads.names if not hasattr(value, n)))
            return ("module", ("cuda", members, absent))
        if value.__name__ in ("pyjit", "numba"):
            cuda_module = sys.modules.get(value.__name__ + ".cuda")
            if cuda_module is not None and "cuda" in reads.names and reads.depth > 2:
                # numba.cuda.random.xoroshiro128p_uniform_float32(...): the
                # module with its cuda module, described as a global `cuda` is.
                return ("module", ("pyjit", {"cuda": classify(
                    cuda_module, memo, AttributeReads(reads.names, reads.depth - 1))}))
            return ("module", "pyjit")  # for pyjit.float32(x), numba.float32(x)
        if value is operator:
            return ("module", "operator")  # operator.add, a coop operator
        if value is cmath:
            return ("module", "cmath")
        return _namespace(value, "module '%s'" % value.__name__, memo, reads)
    if isinstance(value, type) and issubclass(value, Exception):
        # raise MyError("...") in a kernel: the host raises the class itself.
        # A class made inside a function has no importable name: it is kept
        # by id (EXCEPTION_CLASSES) for the host to find.
        name = "%s:%s" % (value.__module__, value.__qualname__)
        if "<locals>" in value.__qualname__:
            name += "@%x" % id(value)
            EXCEPTION_CLASSES[name] = value
        elif named_object(value.__module__, value.__qualname__) is not value:
            # Its module is not in sys.modules (loaded through
            # importlib.util.spec_from_file_location, as plugin loaders and
            # pytest's importlib mode do): kept by id, as a local class, so
            # that no importable class of the same name is taken for it.
            name += "@%x" % id(value)
            EXCEPTION_CLASSES[name] = value
        return ("function", "exception." + name)
    if isinstance(value, type) and issubclass(value, enum.Enum) and issubclass(value, int):
        return _namespace(value, "IntEnum '%s'" % value.__name__, memo, reads)
    if isinstance(value, type) and issubclass(value, enum.Enum):
        return _namespace(value, "enum '%s'" % value.__name__, memo, reads)
    from .types import ArrayType, NoneType, Type
    if isinstance(value, Type) and not isinstance(value, (ArrayType, NoneType)):
        return ("dtype", str(value))
    if type(value).__module__.startswith("numba") and str(value) in _NUMPY_SCALARS:
        return ("dtype", str(value))  # numba.float32 and friends
    if (type(value).__module__.startswith("numba") and type(value).__name__ == "Record"
            and isinstance(getattr(value, "dtype", None), np.dtype)):
        value = value.dtype  # numba.from_dtype(dt): read as its structured dtype (below)
    if isinstance(value, str):
        # numba's Literal[str]: compared, matched, an exception's message; where
        # a dtype is taken (cuda.local.array(4, DT), a.view(DT)) its text names
        # one, as numba's parse_dtype reads a string literal.
        return ("str", str(value))  # (a str subclass, a StrEnum member, as its text)
    if isinstance(value, np.dtype) and value.isnative and value.name in _NUMPY_SCALARS:
        return ("dtype", value.name)  # DT = np.dtype('float32'); cuda.local.array(4, DT)
    if isinstance(value, np.dtype) and value.fields is not None:
        # A structured dtype, for cuda.shared/local.array: numba's Record spelling.
        from ._typeof import record_spelling
        spelled, why = record_spelling(value)
        return ("dtype", spelled) if spelled is not None else ("unsupported", "record dtype "
                                                               "(%s)" % why)
    try:
        if value in _DTYPE_NAMES:
            return ("dtype", _DTYPE_NAMES[value])
        if value in _FUNCTIONS:
            return ("function", _FUNCTIONS[value])
    except TypeError:  # unhashable
        pass
    if isinstance(value, types.FunctionType):
        # numba's @overload: its typing functions pick the implementation (a
        # CUDA target's before a register_jitable body, as numba-cuda's).
        from . import _overload
        typing = _overload.typing_functions(value)
        if typing and typing[0][1] is not _overload.JITABLE:
            return _overload.describe_overload(value, typing, memo if memo is not None else {})
        if typing:  # register_jitable first: the function's body takes every call
            return ("devfunc", describe(value, memo))
    # What the user most likely meant, in the error's "of type ..." part.
    lacking = numba_lacking(value)
    if lacking is not None:
        return ("unsupported", "%s (numba-cuda's, which pyjit's kernels do not have)" % lacking)
    if isinstance(value, types.FunctionType):
        return ("unsupported", "function (a plain Python function; make it a device "
                               "function with @cuda.jit(device=True), or mark it with "
                               "pyjit.extending.register_jitable)")
    if isinstance(value, type):
        return ("unsupported", "class '%s' (kernels take Enum classes and exception "
                               "classes, not other classes)" % value.__name__)
    return ("unsupported", type(value).__name__)


def reached_globals(info):
    """(name, kind, value) of every global description a kernel's
    description reaches: its own, its device functions' (each once; an
    overloaded function's implementations resolved so far too), its
    namespaces' and its tuples' elements (an element's name is its tuple's)."""
    seen = set()
    stack = [list(info["globals"].items())]
    while stack:
        for name, desc in stack.pop():
            kind, value = desc[0], desc[1]
            yield name, kind, value
            if kind == "devfunc" and id(value) not in seen:
                seen.add(id(value))
                stack.append(list(value["globals"].items()))
                stack.append([("", ("devfunc", v)) for v in list(value.get("variants", {}).values())
                              if isinstance(v, dict)])
            elif kind in ("namespace", "module") and isinstance(value, tuple):
                stack.append(list(value[1].items()))
            elif kind == "tuple" and isinstance(value, list):  # FUNCS = (f, g)
                stack.append([(name, element) for element in value])


def _namespace(value, label, memo, reads):
    """A module or IntEnum class read by attribute: ("namespace", (label,
    members)), its attributes among reads.names described reads.depth deep
    (modules that import each other describe finitely, and in time linear in
    the code's attribute reads at each level)."""
    members = {}
    if reads.depth > 0:
        inner = AttributeReads(reads.names, reads.depth - 1)
        for attr in sorted(reads.names):
            try:
                member = getattr(value, attr)
            except AttributeError:
                continue
            except Exception as exc:  # a module __getattr__ that failed: say so
                members[attr] = ("unsupported", "(reading it raised %s: %s)"
                                 % (type(exc).__name__, exc))
                continue
            members[attr] = classify(member, memo, inner)
    return ("namespace", (label, members))


def _code_names(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _code_names(const)
    return names


def _trim(lines, indent):
    """Drops trailing blank lines and comments at or left of the def's column
    (they belong to what follows the function, as for inspect)."""
    lines = list(lines)
    while lines:
        text = lines[-1]
        stripped = text.strip()
        if stripped and not (stripped.startswith("#")
                             and len(text) - len(text.lstrip()) <= indent):
            break
        lines.pop()
    return lines


def _complete(lines):
    """Do the lines end where the function does? A body line at the def's
    column (a continuation, a docstring line) would cut it short, leaving
    source that does not parse: then inspect finds the block."""
    import warnings
    try:
        with warnings.catch_warnings():
            # Python warned about this code when it imported it (`~` of a
            # bool, an invalid escape): not again for this check.
            warnings.simplefilter("ignore")
            _parse(textwrap.dedent("".join(lines)))
    except SyntaxError:
        return False
    except (RecursionError, MemoryError):  # deeper than ast goes from here; Python compiled it
        return True
    return True


def _lambda_as_def(func, lines, first_line=None):
    """The source of a lambda as a def, found in the lines holding it (the
    first at file line `first_line`) by its parameter names, and among
    lambdas of the same parameters by where its code lies (co_positions):
    (lines, their first file line, placement or None).

    With `first_line` known, the def keeps the body where it is in the file,
    so that errors point at its own line and column: `def _lambda(a, b):
    return (` on the line above the body (line 0 for a body on the file's
    first line), the body's first line padded to its column, its further
    lines as they are, and `)` after it. The placement says where that text
    is in the file: "display", the file's own lines, for diagnostics to show
    (SourceFile::setDisplayLines), and "origin", the def line's place at the
    lambda's own line, its parameters at their columns
    (SourceFile::setLineOrigin). Without it, the def's line, then the body.
    ValueError when it cannot be found (no source)."""
    import ast
    import linecache
    import textwrap

    code = func.__code__
    params = list(code.co_varnames[:code.co_argcount])
    # The last file line the lambda's code comes from (co_positions): a
    # reading of the lines must hold a lambda of its parameters that gets
    # there (`lambda a: a * 2\n+ 1` parses as two statements, the lambda's
    # body cut at `* 2`).
    last = max((p[1] for p in code.co_positions() if p[1] is not None), default=0)

    def whole(tree, opened):
        return any(isinstance(node, ast.Lambda)
                   and [a.arg for a in node.args.posonlyargs + node.args.args] == params
                   and (not first_line or node.end_lineno - 1 - opened + first_line >= last)
                   for node in ast.walk(tree))

    def parse(lines):
        """(tree, text, lines opened before it, indent) of `lines`, the tree
        None when no way of reading them parses with the lambda whole."""
        joined = "".join(lines)
        text = textwrap.dedent(joined)
        indent = next((len(a) - len(b) for a, b in zip(joined.splitlines(), text.splitlines())
                       if b.strip()), 0)
        # The lines may be part of a larger display: a call's arguments
        # (keyword ones too: `lambda: None, (), cc=(9, 0)`), a dict or list
        # entry (`"add": cuda.jit(lambda a: ...),`); or end inside one whose
        # opening came before them (`f(\n    lambda a:\n        a + 1)`): its
        # closing brackets are left off, one by one, and the colon of a
        # compound statement's header (`for f in [..., lambda a: a]:`).
        variants = [text]
        while len(variants) < 8 and variants[-1].rstrip()[-1:] in (")", "]", "}", ",", ":"):
            variants.append(variants[-1].rstrip()[:-1])
        for candidate in variants:
            for opening, closing in (("", ""), ("(\n", "\n)"), ("_(\n", "\n)"), ("{\n", "\n}"),
                                     ("[\n", "\n]")):
                if not candidate.strip():
                    break
                try:
                    tree = ast_parse(opening + candidate + closing)
                except (SyntaxError, RecursionError, MemoryError):
                    continue
                if whole(tree, opening.count("\n")):
                    return tree, opening + candidate + closing, opening.count("\n"), indent
        return None, text, 0, indent

    # inspect's block finder stops a lambda whose body goes on below its first
    # line inside a call (`f(\n    lambda a:\n        a * 2\n        + 1,\n
    # x)`) at that line: first the file's lines down to the last its code
    # comes from (co_positions), then more, one by one, up to 30, until they
    # parse.
    file_lines = linecache.getlines(code.co_filename) if first_line else []
    end = (first_line or 0) - 1 + len(lines)
    if first_line and last > end:
        lines, end = lines + file_lines[end:last], max(end, min(last, len(file_lines)))
    tree, text, opened, indent = parse(lines)
    for extra in range(1, 31):
        if tree is not None or end + extra > len(file_lines):
            break
        tree, text, opened, indent = parse(lines + file_lines[end:end + extra])
        if tree is not None:
            lines = lines + file_lines[end:end + extra]
    if tree is None:
        raise ValueError("pyjit cannot read the source of the lambda on line %d of %s on its "
                         "own (give it a def)" % (code.co_firstlineno, code.co_filename))
    found = [node for node in ast.walk(tree) if isinstance(node, ast.Lambda)
             and [a.arg for a in node.args.posonlyargs + node.args.args] == params
             and (node.args.vararg is not None) == bool(code.co_flags & inspect.CO_VARARGS)]
    if len(found) > 1 and first_line is not None:
        # Several of the same parameters (`(lambda x: x + 1) if c else
        # (lambda x: x * 10)`): the one whose span holds this code's
        # positions (file line, column), each node's mapped back to the file.
        spots = [(p[0], p[2]) for p in code.co_positions()  # (RESUME's is empty: 0, 0)
                 if p[0] is not None and p[2] is not None and p[3] is not None
                 and p[3] > p[2]]

        def holds(node):
            start = (node.lineno - 1 - opened + first_line, node.col_offset + indent)
            end = (node.end_lineno - 1 - opened + first_line, node.end_col_offset + indent)
            return bool(spots) and all(start <= spot < end for spot in spots)

        held = [node for node in found if holds(node)]
        if len(held) != 1:
            # No positions to go by (Python 3.12 gives a constant's return,
            # `lambda: None`, none): the one whose code, compiled alone, is
            # this code; of lambdas alike, the first (the same text).
            def same_code(node):
                try:
                    with _AST_LOCK:  # (a syntax tree made into code: as ast_parse)
                        outer = compile(ast.Expression(body=node), code.co_filename, "eval")
                except (SyntaxError, ValueError, TypeError):
                    return False
                inner = [c for c in outer.co_consts if isinstance(c, types.CodeType)]
                return bool(inner) and inner[0].co_code == code.co_code and \
                    inner[0].co_consts == code.co_consts and inner[0].co_names == code.co_names
            held = [node for node in found if same_code(node)][:1]
        found = held or found
    if len(found) != 1:
        raise ValueError("pyjit cannot tell which lambda on line %d this is (give it a def)"
                         % code.co_firstlineno)
    lam = found[0]
    node = lam.body
    body = ast.get_source_segment(text, node)
    # Its whole parameter list as written: defaults, *args, keyword-only ones.
    params = ast.unparse(lam.args)
    body_line = None if first_line is None else node.lineno - 1 - opened + first_line
    if body_line is None:
        return ["def _lambda(%s): return (\n" % params, body + ")\n"], first_line, None
    # The body's first line starts at its own column (ast's columns are UTF-8
    # bytes, as the frontend's); its further lines are the dedented text's,
    # given their indentation back; the def stands on the line above.
    first, *rest = body.split("\n")
    out = [" " * (node.col_offset + indent) + first + "\n"] + \
        [" " * indent + r + "\n" for r in rest]
    out[-1] = out[-1][:-1] + ")\n"
    # The def's line is reported at the lambda's: its parameters, copied as
    # written when on the keyword's line, keep their columns; the rest of
    # the def stands at the `lambda` keyword.
    lambda_line = lam.lineno - 1 - opened + first_line
    lambda_col = lam.col_offset + indent
    written = None
    if lam.lineno == node.lineno:
        head_text = text.split("\n")[lam.lineno - 1].encode()[lam.col_offset:node.col_offset] \
            .decode(errors="replace")  # "lambda a, *, c=3: ("
        written = head_text[len("lambda"):head_text.rfind(":")]
    opening = "def _lambda("
    if written is not None and written.strip() and "#" not in written:
        lead = written[:len(written) - len(written.lstrip())]
        delta = lambda_col + len(("lambda" + lead).encode()) - len(opening)
        params = written.strip()
    else:
        delta = -(1 << 20)  # everything at the keyword
    out.insert(0, opening + params + "): return (\n")
    # (The def line is the file's line 0 for a body on its first line: only
    # the origin names it.)
    start = body_line - 1 - first_line  # the def line's index in `lines`
    display = [lines[start].rstrip("\r\n") if start >= 0 else ""] + \
        [line.rstrip("\r\n") for line in lines[start + 1:start + len(out)]]
    return out, body_line - 1, {"display": display,
                                "origin": (body_line - 1, lambda_line, delta, lambda_col + 1)}


def placement_options(info):
    """The compile options that place a kernel's text in its file: a
    lambda's "display" and "origin" (_lambda_as_def); none for a def."""
    return {key: info[key] for key in ("display", "origin") if key in info}


def _absolute(filename):
    """`filename` made absolute, but for a name linecache alone holds
    ('<pyjit gufunc_dot #1>', '<string>'), which is no path."""
    if filename.startswith("<") and filename.endswith(">"):
        return filename
    return os.path.abspath(filename)


def _source_lines(func):
    """(lines, first line number, file) of a function's definition.

    The decorators and the indented block after `def`, read through
    linecache: the layout inspect.getsourcelines finds for ordinary
    functions, without its tokenizer (a millisecond a kernel, which a
    disk-cache hit would otherwise spend). Falls back to inspect for
    anything unusual (lambdas, one-line bodies, source it cannot read)."""
    import linecache
    code = getattr(func, "__code__", None)
    filename = code.co_filename if code is not None else None
    if filename and not filename.startswith("<"):
        linecache.checkcache(filename)  # an edited file is read again (as inspect does)
        all_lines = linecache.getlines(filename, func.__globals__)
        first = code.co_firstlineno
        if 0 < first <= len(all_lines):
            head = all_lines[first - 1]
            indent = len(head) - len(head.lstrip())
            end = first
            seen_def = False
            while end <= len(all_lines):
                text = all_lines[end - 1]
                stripped = text.strip()
                if not seen_def:
                    if stripped.startswith(("def ", "async def ")):
                        seen_def = True
                        if not stripped.endswith(":"):
                            break  # a multi-line header: let inspect handle it
                    elif not stripped.startswith("@") and stripped:
                        break
                    end += 1
                    continue
                if stripped and not stripped.startswith("#") and \
                        len(text) - len(text.lstrip()) <= indent:
                    lines = _trim(all_lines[first - 1:end - 1], indent)
                    if _complete(lines):
                        return lines, first, _absolute(filename)
                    break  # a line at the def's column inside the body: inspect
                end += 1
            if seen_def and end > len(all_lines):
                lines = _trim(all_lines[first - 1:], indent)
                if _complete(lines):
                    return lines, first, _absolute(filename)
    try:
        lines, first_line = inspect.getsourcelines(func)
    except (OSError, TypeError) as exc:
        where = getattr(getattr(func, "__code__", None), "co_filename", "?")
        from .errors import _users
        raise _users(TypeError(
            "cannot compile %r: its source code is not available (%s; it was defined in %s). "
            "pyjit compiles a kernel from its source text: define it in a file or a notebook "
            "cell; `python -c`, the plain interactive interpreter and exec() of a string keep "
            "none (for exec, compile() the text with a file name whose lines linecache holds)"
            % (getattr(func, "__name__", func), exc, where))) from None
    return lines, first_line, inspect.getsourcefile(func) or func.__code__.co_filename


# The state (st_mtime_ns, st_size) of a decorated function's file when it
# was decorated, by the identity of its code object (code objects compare
# equal by content: a module loaded again from the same text has equal ones)
# with a weak reference to it: describe() checks that text read from a file
# edited since is still the code Python runs.
_LOADED_STATE = {}
def _process_start_ns():
    """When this process started (Linux: /proc/self/stat's starttime after
    /proc/stat's btime, a second early to cover btime's rounding), in
    time.time_ns()'s clock; None where /proc does not say. A file written
    after it (a script edited before it imported pyjit) may differ from
    what Python compiled."""
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rpartition(")")[2].split()[19])  # field 22
        with open("/proc/stat") as f:
            btime = next(int(line.split()[1]) for line in f if line.startswith("btime "))
        return (btime - 1) * 10**9 + start_ticks * 10**9 // os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


# Files written after this are always compared with the code Python runs:
# the process's start, else pyjit's import.
_IMPORTED_NS = min(time.time_ns(), _process_start_ns() or time.time_ns())


def _file_state(filename):
    try:
        st = os.stat(filename)
    except (OSError, TypeError, ValueError):
        return None
    return (st.st_mtime_ns, st.st_size)


def _by_code(table, code, value):
    """table[id(code)] = (a weak reference to `code`, value), removed when
    the code object dies: code objects compare equal by content (a module
    loaded again from the same text has equal ones), so tables of them are
    keyed by identity; a reader checks the reference is still `code`."""
    key = id(code)
    table[key] = (weakref.ref(code, lambda _, key=key: table.pop(key, None)), value)


def note_loaded_source(func, nested=False):
    """Records the state of `func`'s file as the decorator sees it (the
    source Python compiled); a file edited later is checked at compile time
    (describe). With `nested`, also for the functions defined in its body
    (a typing function's implementations). Microseconds: one stat."""
    code = getattr(func, "__code__", None)
    if code is None or code.co_filename.startswith("<"):
        return
    state = _file_state(code.co_filename)
    if state is None:
        return
    if state[0] >= _IMPORTED_NS or _stale_bytecode(func, state):
        state = None  # maybe written after Python read it: always compared
    codes = [code]
    while codes:
        c = codes.pop()
        if id(c) not in _LOADED_STATE:
            _by_code(_LOADED_STATE, c, state)
        if nested:
            codes.extend(k for k in c.co_consts if isinstance(k, types.CodeType))


def _stale_bytecode(func, state):
    """Whether the cached bytecode of `func`'s module records another source
    mtime or size than the file has now (`state`): Python checked the .pyc
    against the file when it imported the module, so the file changed since
    (PEP 552's timestamp-based .pyc header: flags, mtime, size, 4 bytes each
    after the magic number). False when there is no such .pyc to read."""
    module = sys.modules.get(getattr(func, "__module__", None) or "")
    cached = getattr(module, "__cached__", None)
    if not cached or getattr(module, "__file__", None) != func.__code__.co_filename:
        return False
    try:
        with open(cached, "rb") as f:
            header = f.read(16)
    except OSError:
        return False
    if len(header) < 16 or int.from_bytes(header[4:8], "little") != 0:
        return False  # a hash-based .pyc (or none): no timestamp to compare
    mtime, size = int.from_bytes(header[8:12], "little"), int.from_bytes(header[12:16], "little")
    return (mtime, size) != ((state[0] // 10**9) & 0xFFFFFFFF, state[1] & 0xFFFFFFFF)


def _code_fingerprint(code):
    """What a code object computes, without its line numbers: the bytecode,
    constants (nested code objects by their fingerprints), names and flags."""
    consts = tuple(_code_fingerprint(c) if inspect.iscode(c) else (type(c).__name__, repr(c))
                   for c in code.co_consts)
    return (code.co_name, code.co_code, consts, code.co_names, code.co_varnames,
            code.co_freevars, code.co_cellvars, code.co_argcount, code.co_kwonlyargcount,
            code.co_flags & ~inspect.CO_NESTED)  # (set by where the text is compiled)


def _loader_transforms(func):
    """Whether `func`'s module was loaded by an import hook of its own (not
    importlib's file loaders), which may compile other bytecode than the
    text's: pytest's assertion rewriting turns each `assert` of a test
    module into code of its own."""
    import importlib.machinery as machinery
    module = sys.modules.get(getattr(func, "__module__", None) or "")
    loader = getattr(module, "__loader__", None)
    return loader is not None and not isinstance(
        loader, (machinery.SourceFileLoader, machinery.SourcelessFileLoader))


def _same_but_rewritten(text, running):
    """Whether `running` (code an import hook compiled) may be `text` (the
    code of the file's text) with statements rewritten in place, as
    pytest's assertions are: both cover the same lines, take the same
    arguments, and the running code has the text's local variables (the
    hook's own are spelt with '@'), names and constants, and maybe more.
    A changed line, argument, name or constant is found; a changed
    operator is not."""
    def lines(code):
        return {line for _, _, line in code.co_lines() if line}

    def consts(code):
        return {(type(k).__name__, repr(k)) for k in code.co_consts if not inspect.iscode(k)}

    nargs = text.co_argcount + text.co_kwonlyargcount
    return (lines(text) == lines(running)
            and text.co_varnames[:nargs] == running.co_varnames[:nargs]
            and text.co_varnames == tuple(v for v in running.co_varnames if "@" not in v)
            and set(text.co_names) <= set(running.co_names)
            and consts(text) <= consts(running))


def _check_unchanged(func, filename):
    """Raises CompileError when the file `func` came from was edited after
    Python loaded it and the text at its lines is no longer the code Python
    runs (pyjit compiles the text, numba the bytecode): a kernel would run
    other code than its Python function, or another function's. Compiles
    the whole file as it is now with Python's own compiler (a function's
    bytecode depends on its module: names bound by imports are called
    differently) and looks for a function of the same name and first line
    with the same bytecode, constants and names. Done when the file changed
    since decoration, or may have changed before it (written after pyjit
    was imported, or newer than its module's .pyc)."""
    code = func.__code__
    ref, loaded = _LOADED_STATE.get(id(code), (None, None))
    if ref is None or ref() is not code:
        return
    state = _file_state(code.co_filename)
    if loaded is not None and state == loaded:
        return
    compiled = _compiled_file(code.co_filename, state)
    if compiled is True:
        return  # too deep for Python's compiler here: not a sign of an edit
    if compiled is not False:
        if _loader_transforms(func):  # (its bytecode is not the text's)
            same = lambda text: _same_but_rewritten(text, code)
        else:
            mine = _code_fingerprint(code)
            same = lambda text: _code_fingerprint(text) == mine
        if any(c.co_firstlineno == code.co_firstlineno and same(c)
               for c in _all_code(compiled, code.co_name)):
            return
    from .errors import CompileError
    raise CompileError(
        "%s:%d: error: cannot compile %r: its file changed after Python loaded it, and the "
        "text there is no longer the code Python runs (pyjit compiles a kernel's source "
        "text, so it would compile other code); reload the module (importlib.reload) or "
        "restart Python" % (filename, code.co_firstlineno, func.__name__))


_FILE_CODE = {}  # (file, its state) -> its module code, False (no longer compiles), True


def _compiled_file(filename, state):
    """The module code of `filename`'s text as linecache holds it (read
    again when the file changed), compiled once per state of the file;
    False when it does not compile, True when Python's compiler cannot tell
    (recursion too deep)."""
    import linecache
    key = (filename, state)
    hit = _FILE_CODE.get(key)
    if hit is None:
        text = "".join(linecache.getlines(filename))
        try:
            hit = compile(text, filename, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            hit = False
        except (RecursionError, MemoryError):
            hit = True
        if len(_FILE_CODE) >= 64:
            _FILE_CODE.clear()
        _FILE_CODE[key] = hit
    return hit


def _all_code(code, name):
    """Every code object named `name` inside `code`, at any depth."""
    stack, out = [code], []
    while stack:
        for k in stack.pop().co_consts:
            if inspect.iscode(k):
                if k.co_name == name:
                    out.append(k)
                stack.append(k)
    return out


_KEEPALIVE = "<keepalive>"


def describe(func, memo=None):
    """Source, file, first line, name and globals of `func` (a plain function).

    The global device arrays it reaches (their addresses are compiled in)
    are kept alive by the description's "keepalive" list, which a
    dispatcher holds as long as its kernels: rebinding or deleting the
    global can no longer free memory a compiled kernel writes to."""
    if memo is None:
        memo = {}
    if id(func) in memo:
        return memo[id(func)]
    # Each function's dict is made here and filled from a worklist by the
    # outermost call, so a chain of device functions thousands deep costs
    # no Python recursion (the compiler reports its depth itself).
    info = memo[id(func)] = {}
    memo.setdefault(_PENDING, []).append((func, info))
    if memo.get(_FILLING):
        return info
    memo[_FILLING] = True
    try:
        while memo[_PENDING]:
            _fill(*memo[_PENDING].pop(), memo)
        for copy, source in memo.pop(_COPIES, ()):  # (classify's per-signature copies)
            copy.update({k: v for k, v in source.items() if k not in copy})
    finally:
        memo[_FILLING] = False
    return info


_PENDING, _FILLING, _COPIES = "<pending>", "<filling>", "<copies>"


# What describe() read of a function's code, by the identity of its code
# object (with a weak reference to it, as _LOADED_STATE): (is a lambda,
# (source, first line, file, placement, attribute reads)). A kernel's later
# signatures read its globals anew (numba reads them at each compile) but
# its text once: the text checked against the code Python loaded then is
# still that code's, also after the file is edited.
_CODE_TEXT = {}


def _nfkc_names(source):
    """`source` with every identifier in NFKC, as CPython reads names (PEP
    3131: `µ`, the micro sign, and `μ`, the Greek letter, are one name, the
    globals' key is the latter). Columns after a name that normalization
    shortens (`ﬁx`) move on its line. The text as it is where it does not
    tokenize (the compiler reports it)."""
    if source.isascii():
        return source
    import io
    import tokenize
    import unicodedata
    edits = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.NAME and not tok.string.isascii():
                name = unicodedata.normalize("NFKC", tok.string)
                if name != tok.string:
                    edits.append((tok.start, tok.end, name))
    except (tokenize.TokenError, SyntaxError):
        return source
    if not edits:
        return source
    lines = source.splitlines(keepends=True)
    for (row, col), (_, end), name in reversed(edits):  # (a name is on one line)
        lines[row - 1] = lines[row - 1][:col] + name + lines[row - 1][end:]
    return "".join(lines)


def _code_text(func):
    """(source, first line, file, placement, attribute reads) of `func`,
    read once per code object (_CODE_TEXT). Raises what _source_lines and
    _check_unchanged raise."""
    code = func.__code__
    is_lambda = func.__name__ == "<lambda>"
    ref, (lambda_seen, text) = _CODE_TEXT.get(id(code), (None, (None, None)))
    if ref is not None and ref() is code and lambda_seen == is_lambda:
        return text
    lines, first_line, filename = _source_lines(func)
    _check_unchanged(func, filename)
    placement = None
    if is_lambda:  # cuda.reduce(lambda a, b: a + b), jit(lambda x: ...)
        lines, first_line, placement = _lambda_as_def(func, lines, first_line)
    source = _nfkc_names("".join(lines))
    text = (source, first_line, filename, placement, attribute_reads(source, code))
    _by_code(_CODE_TEXT, code, (is_lambda, text))
    return text


def _fill(func, info, memo):
    """Fills describe()'s dict `info` of `func`."""
    source, first_line, filename, placement, reads = _code_text(func)
    env = {}
    if placement is not None:
        info.update(placement)  # "display", "origin": where its text is in the file
    info.update({"source": source, "filename": _absolute(filename),
                 "firstline": first_line, "globals": env,
                 # The def's own name: functools.wraps gives a wrapper the
                 # wrapped function's __name__, not its code's.
                 "name": "_lambda" if func.__name__ == "<lambda>" else func.__code__.co_name,
                 "keepalive": memo.setdefault(_KEEPALIVE, [])})
    closure = {}
    if func.__closure__:
        for name, cell in zip(func.__code__.co_freevars, func.__closure__):
            try:
                closure[name] = cell.cell_contents
            except ValueError:  # empty cell
                pass
    names = _code_names(func.__code__)
    if "hasattr" in names:
        # hasattr(m, NAME) of a str global or closure variable: that
        # attribute, if m has it (the literal names and folded constants are
        # attribute_reads').
        reads = reads._replace(names=reads.names | {
            value for value in (closure.get(n, func.__globals__.get(n)) for n in names)
            if isinstance(value, str) and value.isidentifier()})
    for name in sorted(names | set(closure)):
        if name in closure:
            env[name] = classify(closure[name], memo, reads)
        elif name in func.__globals__:
            env[name] = classify(func.__globals__[name], memo, reads)
    # Methods and attributes overloaded with overload_method and
    # overload_attribute that the code may use (x.name(...), x.name): the
    # compiler takes one where the object's type has none of pyjit's own of
    # that name.
    from . import _overload
    for name in _code_names(func.__code__):
        for kind, prefix in (("method", METHOD_PREFIX), ("attribute", ATTRIBUTE_PREFIX)):
            if _overload.has_methods(name, kind):
                env[prefix + name] = _overload.describe_method(name, memo, kind)
    # Parameters' defaults as Python evaluated them (np.float32(0.01), a
    # global, None): device-function calls that leave them out use these.
    code = func.__code__
    defaults = func.__defaults__ or ()
    params = code.co_varnames[:code.co_argcount]
    for name, value in zip(params[len(params) - len(defaults):], defaults):
        env[DEFAULT_PREFIX + name] = classify(value, memo)


DEFAULT_PREFIX = "<default>"  # ir/GlobalEnv.h, kDefaultPrefix
METHOD_PREFIX = "<method>"  # ir/GlobalEnv.h, kOverloadMethodPrefix
ATTRIBUTE_PREFIX = "<attribute>"  # ir/GlobalEnv.h, kOverloadAttributePrefix


class KernelFileError(Exception):
    """pyjitc could not import the kernel file; the message says why."""


def _user_frame(tb, path):
    """file:line of the innermost traceback frame in the user's file."""
    where = None
    while tb is not None:
        if os.path.abspath(tb.tb_frame.f_code.co_filename) == path:
            where = "%s:%d" % (path, tb.tb_lineno)
        tb = tb.tb_next
    return where


def _host_readable(array):
    """Whether the CPU backend can read global device array `array` in
    place: a DeviceArray in host memory, or another library's interface
    (numba's ForeignArray, a wrapper) over the CPU backend's memory, as an
    argument would be."""
    is_host = getattr(array, "_buffer_is_host", None)
    if is_host is not None:
        return bool(is_host())
    from ._devicearray import host_memory
    if not host_memory():
        return False  # a GPU is present: the interface's memory is the GPU's
    from .cuda import as_cuda_array
    try:
        return as_cuda_array(array, sync=False)._buffer_is_host()
    except (TypeError, ValueError):
        return False


def load_kernels(path, name=None):
    """Imports the file at `path` and lists its kernels for pyjitc.

    Returns [(name, source, filename, firstline, globals, [signature, ...],
    [link file, ...], placement, decorator options, device)]: the function called `name` if given (a kernel, a
    device function or a plain one), else every pyjit kernel in the file; the link files (absolute) are its link= option's and
    those of the declared device functions it reaches; the placement,
    a lambda's "display" and "origin" (placement_options); the decorator
    options as the compiler takes them (_options.compile_options: debug,
    lineinfo, fastmath, fma, launch_bounds) with "opt" (0-3) and
    "max_registers" (int or None), {} for a function without a decorator;
    `device` whether it is a device function (device=True, or njit), which
    compiles alone only with --abi.
    Raises KernelFileError (one line, pointing at the user's line) if the
    file cannot be imported; a SyntaxError, and a CompileError of a kernel
    launched while importing, propagate as they are.
    """
    from . import errors
    from ._dispatcher import DeviceFunction, Dispatcher, KernelOrFunction, _link_files
    path = os.path.abspath(path)
    if os.path.isdir(path):
        raise KernelFileError("'%s' is a directory, not a kernel file" % path)
    modname = "_pyjitc_" + os.path.splitext(os.path.basename(path))[0].replace(".", "_")
    loader = importlib.machinery.SourceFileLoader(modname, path)
    spec = importlib.util.spec_from_file_location(modname, path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    sys.path.insert(0, os.path.dirname(path))
    os.environ["PYJIT_PYJITC"] = "1"  # decorators: no eager compilation (pyjitc compiles)
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        if exc.lineno is None:  # no line to point at: NUL bytes, a bad encoding
            raise KernelFileError("%s: %s" % (path, exc.msg)) from None
        raise
    except SystemExit as exc:
        raise KernelFileError("importing '%s' called sys.exit(%s)" % (path, exc.code)) from None
    except errors.CompileError:  # a kernel launched at import: pyjitc reports it (status 1)
        raise
    except BaseException as exc:  # the user's module failed while importing
        where = _user_frame(exc.__traceback__, path) or path
        raise KernelFileError("%s: importing the kernel file raised %s: %s"
                              % (where, type(exc).__name__, exc)) from None
    found = []
    for attr, value in vars(module).items():
        if name is not None and attr != name:
            continue
        if isinstance(value, Dispatcher):
            func, sigs, options = value.py_func, list(value.signature_strings), value.options
        elif isinstance(value, types.FunctionType) and name is not None:
            func, sigs, options = value, [], {}
        elif isinstance(value, DeviceFunction) and name is not None:  # pyjitc --abi
            func, sigs, options = value.py_func, [], {}
        else:
            continue
        info = describe(func)
        if os.path.abspath(info["filename"]) != path:
            continue
        try:
            links = _link_files(options, info, info["name"], must_exist=False)
        except ValueError as exc:
            raise KernelFileError("%s: %s" % (path, exc)) from None  # exc names the kernel
        decorated = {}
        if options:
            from . import _options
            decorated = _options.compile_options(options)
            decorated.update(opt=_options.opt_level(options),
                             max_registers=options.get("max_registers"))
        device = isinstance(value, DeviceFunction) and not isinstance(value, KernelOrFunction)
        found.append((info["name"], info["source"], info["filename"], info["firstline"],
                      info["globals"], sigs, links, placement_options(info), decorated, device))
    return found
