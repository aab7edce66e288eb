"""Type strings of kernel arguments, in the spelling the compiler parses.

Scalars: `bool`, `int8`..`int64`, `uint8`..`uint64`, `float16`, `float32`,
`float64`, `bfloat16` (ml_dtypes' dtype); Python int -> int64, float -> float64, bool -> bool (numba.cuda).
Arrays: `array(<dtype>, <ndim>d, C|A)`, C when C-contiguous.
"""
import enum
import sys

import numpy as np

SUPPORTED_DTYPES = frozenset([
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128"])

_TYPESTR_TO_NAME = {}
for _name in SUPPORTED_DTYPES:
    _dt = np.dtype(_name)
    _TYPESTR_TO_NAME[_dt.str] = _name
    _TYPESTR_TO_NAME["|" + _dt.str[1:]] = _name


# Exact Python and NumPy scalar types -> their type strings: the launch
# path's lookup (one dict probe, no dtype objects).
FAST_SCALARS = {bool: "bool", int: "int64", float: "float64", complex: "complex128",
                np.bool_: "bool"}
for _name in SUPPORTED_DTYPES:
    FAST_SCALARS[np.dtype(_name).type] = _name


def fast_typeof(value):
    """The type string of a common argument (scalar or pyjit array already
    typed once), or None when the full `typeof` is needed."""
    t = FAST_SCALARS.get(type(value))
    if t is not None:
        if type(value) is int and not _INT64_MIN <= value <= _INT64_MAX:
            return None  # typed by its value (uint64), or refused
        return t
    return getattr(value, "_pyjit_type", None)


_INT64_MIN, _INT64_MAX, _UINT64_MAX = -2**63, 2**63 - 1, 2**64 - 1


def _c_contiguous(shape, strides, itemsize):
    """numpy's rule: the strides of extent-1 dimensions do not matter, and an
    array of no elements is contiguous."""
    if strides is None or 0 in shape:
        return True
    expected = itemsize
    for extent, stride in zip(reversed(shape), reversed(strides)):
        if extent > 1 and stride != expected:
            return False
        expected *= extent
    return True


def array_type(dtype_name, ndim, contiguous, fortran=False):
    """contiguous: C order; fortran: Fortran order (and not C); else any layout."""
    return "array(%s, %dd, %s)" % (dtype_name, ndim,
                                   "C" if contiguous else "F" if fortran else "A")


def record_spelling(dtype):
    """numba's spelling of a structured dtype, Record(x[type=float32;offset=0],
    ...;size;aligned), or a string saying why it is not supported (returned
    as (None, why)). A string field (`S10`, `U4`) is a bytes or str item,
    `[char x 10]` / `[unichr x 4]`, as numba's CharSeq field."""
    fields = []
    for name, spec in sorted(dtype.fields.items(), key=lambda kv: kv[1][1]):
        fdt, offset = spec[0], spec[1]
        if len(spec) > 2 and spec[2] is not None and spec[2] != name:
            return None, "field titles are not supported"
        if not (name.isidentifier() and name.isascii()):
            return None, "field name %r is not an ASCII identifier" % name
        if fdt.fields is not None:  # a nested record
            inner, why = record_spelling(fdt)
            if inner is None:
                return None, "field %r: %s" % (name, why)
            fields.append("%s[type=%s;offset=%d]" % (name, inner, offset))
            continue
        shape = ()
        if fdt.kind in "SU" and fdt.subdtype is None:  # a bytes or str item
            if char_seq_name(fdt) is None:
                return None, ("field %r is an empty string (dtype %s)" if fdt.itemsize == 0
                              else "field %r has dtype %s") % (name, spec[0])
            fields.append("%s[type=%s;offset=%d]" % (name, char_seq_name(fdt), offset))
            continue
        if fdt.subdtype is not None:  # an array field: numba's nestedarray
            fdt, shape = fdt.subdtype
            if fdt.fields is not None or fdt.subdtype is not None:
                return None, "field %r is an array of records; array fields hold scalars" % name
            if 0 in shape:
                return None, "field %r is an array of no elements (shape %s)" % (name, shape)
        if fdt.name not in SUPPORTED_DTYPES or not fdt.isnative:
            return None, "field %r has dtype %s" % (name, fdt)
        ftype = fdt.name
        if shape:
            ftype = "nestedarray(%s, (%s))" % (
                ftype, ", ".join(str(e) for e in shape) + ("," if len(shape) == 1 else ""))
        fields.append("%s[type=%s;offset=%d]" % (name, ftype, offset))
    if not fields:
        return None, "the record has no fields"
    return "Record(%s;%d;%s)" % (",".join(fields), dtype.itemsize, dtype.isalignedstruct), None


def _dtype_of_descr(descr, itemsize, what):
    """The structured dtype a CAI `descr` describes: its named fields at
    their offsets, the unnamed entries padding, `itemsize` bytes in all."""
    names, formats, offsets, at = [], [], [], 0
    for entry in descr:
        name, fmt = entry[0], entry[1]
        shape = entry[2] if len(entry) > 2 else ()
        size = np.dtype((fmt, shape)).itemsize
        if name:
            names.append(name)
            formats.append((fmt, shape) if shape else fmt)
            offsets.append(at)
        at += size
    if at != itemsize:
        raise TypeError("%s: its __cuda_array_interface__ descr spans %d bytes, its typestr %d"
                        % (what, at, itemsize))
    return np.dtype({"names": names, "formats": formats, "offsets": offsets,
                     "itemsize": itemsize})


_DATETIME_UNITS = frozenset(("Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs",
                             "as"))


def datetime_name(dtype):
    """`datetime64[D]` / `timedelta64[s]` for a datetime64/timedelta64 dtype
    of one unit (an int64 count of it in kernels), else None (not such a
    dtype, a generic unit, or a multiple such as 'M8[2D]')."""
    if dtype.kind not in "Mm" or not dtype.isnative:
        return None
    unit, count = np.datetime_data(dtype)
    return dtype.name if unit in _DATETIME_UNITS and count == 1 else None


def char_seq_name(dtype):
    """numba's spelling of a bytes or str dtype's item, `[char x 12]` (S12)
    or `[unichr x 12]` (<U12: UTF-32 code points); None for other dtypes
    and for strings of no characters."""
    if dtype.kind not in "SU" or dtype.subdtype is not None or not dtype.isnative or \
            dtype.itemsize == 0:
        return None
    return ("[char x %d]" % dtype.itemsize if dtype.kind == "S"
            else "[unichr x %d]" % (dtype.itemsize // 4))


def is_bfloat16(dtype):
    """Whether `dtype` is ml_dtypes' bfloat16 (the dtype of CuPy's and
    NumPy's bfloat16 arrays: kind 'V', 2 bytes, typestr '<V2'), which kernels
    take as numba-cuda's bfloat16."""
    return dtype.kind == "V" and dtype.itemsize == 2 and dtype.fields is None and \
        dtype.name == "bfloat16"


def _holds_bfloat16(value):
    """Whether an array of typestr '<V2' holds bfloat16 by its `dtype`
    (ml_dtypes' for CuPy, torch.bfloat16 for PyTorch)."""
    dtype = getattr(value, "dtype", None)
    if isinstance(dtype, np.dtype):
        return is_bfloat16(dtype)
    return str(dtype) == "torch.bfloat16"


def dtype_name(dtype, what):
    """The supported dtype name of `dtype` (a scalar type's name, a bytes or
    str item's, or a structured dtype's Record spelling) or TypeError
    mentioning `what`."""
    dt = np.dtype(dtype)
    if dt.name in SUPPORTED_DTYPES and dt.isnative:
        return dt.name
    if is_bfloat16(dt):
        return "bfloat16"
    if char_seq_name(dt) is not None:
        return char_seq_name(dt)
    if dt.fields is not None:
        spelled, why = record_spelling(dt)
        if spelled is not None:
            return spelled
        raise TypeError("%s: arrays of dtype %s are not supported in kernels: %s" % (what, dt, why))
    if not dt.isnative and dt.newbyteorder("=").name in SUPPORTED_DTYPES:
        raise TypeError("%s: arrays of dtype %s (byte order %s) are not supported in kernels: "
                        "kernels read numbers in the machine's byte order; convert with "
                        ".astype('%s'), or copy with cuda.to_device (which converts)"
                        % (what, dt, "big-endian" if dt.byteorder == ">" else dt.byteorder,
                           dt.newbyteorder("=").name))
    if dt.kind in "Mm":  # datetime64 / timedelta64: int64 counts of their unit
        if datetime_name(dt) is not None:
            return datetime_name(dt)
        raise TypeError("%s: arrays of dtype %s are not supported in kernels: a datetime64 "
                        "or timedelta64 needs one unit (Y M W D h m s ms us ns ps fs as), "
                        "as datetime64[D]" % (what, dt))
    raise TypeError("%s: arrays of dtype %s are not supported in kernels (supported: %s, "
                    "ml_dtypes' bfloat16, records, datetime64/timedelta64, bytes and str)"
                    % (what, dt, ", ".join(sorted(SUPPORTED_DTYPES))))


def _refuse_lazy_views(value, what):
    """TypeError for a PyTorch conjugate or negative view (`z.conj()`,
    `z.conj().imag`): the tensor reads its memory conjugated or negated, and
    its __cuda_array_interface__ gives that memory as it is."""
    for bit, what_view, resolve in (("is_conj", "conjugate", "resolve_conj"),
                                    ("is_neg", "negative", "resolve_neg")):
        test = getattr(value, bit, None)
        if test is not None and test() is True:
            raise TypeError("%s is a %s view: its memory does not hold its values (PyTorch "
                            "applies the %s bit when it reads them); pass x.%s()"
                            % (what, what_view, what_view, resolve))


def check_interface(cai, what):
    """TypeError naming `what` unless `cai` is a __cuda_array_interface__
    dict with shape, typestr (a str) and data (CAI v3)."""
    if not isinstance(cai, dict):
        raise TypeError("%s: its __cuda_array_interface__ must be a dict, got %s"
                        % (what, type(cai).__name__))
    missing = [k for k in ("shape", "typestr", "data") if k not in cai]
    if missing:
        raise TypeError("%s: its __cuda_array_interface__ has no %s" % (what, ", ".join(missing)))
    if not isinstance(cai["typestr"], str):
        raise TypeError("%s: its __cuda_array_interface__ typestr must be a str such as '<f4', "
                        "got %r" % (what, cai["typestr"]))


def typeof(value, what):
    """The type string of one argument; TypeError naming `what` if unsupported."""
    cached = getattr(value, "_pyjit_type", None)  # pyjit DeviceArray: typed once
    if cached is not None:
        return cached
    if isinstance(value, (bool, np.bool_)):
        return "bool"
    if value is None:
        return "none"  # numba's types.none: decided at compile time, not passed
    if isinstance(value, enum.IntEnum):
        # numba's IntEnumMember(cls, int64): an int64 whose class `is` reads
        from ._source import int_enum_member_type
        spelled = int_enum_member_type(type(value))
        if spelled is not None:
            return spelled
    if isinstance(value, int):
        # numba's typeof: int64, else uint64 for 2**63 up to 2**64 - 1.
        if _INT64_MIN <= value <= _INT64_MAX:
            return "int64"
        if 0 <= value <= _UINT64_MAX:
            return "uint64"
        from .errors import ArgumentRangeError
        raise ArgumentRangeError("%s: %d does not fit int64 or uint64 (kernels compute in 64 "
                                 "bits)" % (what, value))
    if isinstance(value, enum.Enum):
        # A plain Enum member (numba's EnumMember): its value is passed (or,
        # for an Enum of other values, its position: enum_member_value).
        from ._source import enum_member_type
        return enum_member_type(type(value))
    if isinstance(value, float):
        return "float64"
    if isinstance(value, complex):
        return "complex128"
    if isinstance(value, np.void) and value.dtype.fields is not None:
        # One record (a[i] of a structured array): passed as a 1-element
        # array, its fields written back (numba copies it in and out).
        spelled, why = record_spelling(value.dtype)
        if spelled is None:
            raise TypeError("%s: records of dtype %s are not supported in kernels: %s"
                            % (what, value.dtype, why))
        return spelled
    if isinstance(value, np.generic):
        if value.dtype.name in SUPPORTED_DTYPES:
            return value.dtype.name
        if is_bfloat16(value.dtype):  # ml_dtypes.bfloat16(1.5)
            return "bfloat16"
        if value.dtype.kind in "Mm":  # np.datetime64('2005-02-06'): its count is passed
            if datetime_name(value.dtype) is not None:
                return datetime_name(value.dtype)
            raise TypeError("%s: %r has a generic unit or a multiple of one (%s); kernels take "
                            "one unit of Y M W D h m s ms us ns ps fs as, as %s"
                            % (what, value, value.dtype, "np.timedelta64(5, 'h')"
                               if value.dtype.kind == "m" else "np.datetime64('2024-01-01', 'D')"))
        raise TypeError("%s: scalars of type %s are not supported in kernels"
                        % (what, value.dtype))
    if (isinstance(value, type) and issubclass(value, np.generic)) or isinstance(value, np.dtype):
        # np.float64 (numba's NumberClass), np.dtype('f8'): a compile-time
        # dtype (a shared array's, a conversion), no value at run time.
        dt = np.dtype(value)
        if dt.name in SUPPORTED_DTYPES or is_bfloat16(dt):
            return "class(%s)" % dt.name
        raise TypeError("%s: the dtype %s is not supported in kernels" % (what, dt))
    if isinstance(value, tuple):
        fields = getattr(type(value), "_fields", None)
        if isinstance(fields, tuple) and len(fields) == len(value):
            # A named tuple (collections.namedtuple, typing.NamedTuple): its
            # fields are read by name in the kernel (p.n).
            return "NamedTuple(%s; %s)" % (type(value).__name__, ", ".join(
                "%s: %s" % (f, typeof(v, "%s.%s" % (what, f))) for f, v in zip(fields, value)))
        return "Tuple(%s)" % ", ".join(typeof(v, "%s[%d]" % (what, k)) for k, v in enumerate(value))
    if isinstance(value, np.ndarray):
        ma = sys.modules.get("numpy.ma")  # (not np.ma: importing it costs a first launch)
        if ma is not None and isinstance(value, ma.MaskedArray):  # (numba refuses it too)
            raise TypeError("%s: masked arrays (numpy.ma.MaskedArray) are not supported in "
                            "kernels: a kernel would ignore the mask; pass its .data and "
                            "np.ma.getmaskarray() of it as two arrays" % what)
        name = dtype_name(value.dtype, what)
        t = array_type(name, value.ndim, value.flags.c_contiguous, value.flags.f_contiguous)
        return t if value.flags.writeable else "readonly " + t
    cai = getattr(value, "__cuda_array_interface__", None)
    if cai is not None:
        _refuse_lazy_views(value, what)
        check_interface(cai, what)
        typestr = cai["typestr"]
        name = _TYPESTR_TO_NAME.get(typestr)
        itemsize = np.dtype(name).itemsize if name is not None else 0
        if name is None and typestr.startswith("|V") and cai.get("descr"):
            # A structured dtype: its layout is in `descr` (CAI v3).
            dt = _dtype_of_descr(cai["descr"], int(typestr[2:]), what)
            name, itemsize = dtype_name(dt, what), dt.itemsize
        if name is None and typestr[1:] == "V2" and _holds_bfloat16(value):
            # A CuPy array of ml_dtypes' bfloat16, a torch.bfloat16 tensor:
            # the typestr says only '<V2'.
            name, itemsize = "bfloat16", 2
        if name is None and typestr[1:2] in ("M", "m", "S", "U"):
            dt = np.dtype(typestr)
            name, itemsize = dtype_name(dt, what), dt.itemsize
        if name is None:
            raise TypeError("%s: device arrays of typestr %r are not supported in kernels"
                            % (what, typestr))
        shape = tuple(cai["shape"])
        strides = cai.get("strides")
        c = _c_contiguous(shape, strides, itemsize)
        f = not c and strides is not None and _c_contiguous(shape[::-1], strides[::-1], itemsize)
        return array_type(name, len(shape), c, f)
    hint = ""
    if isinstance(value, (list, range)) or hasattr(value, "__array__"):
        # a list, a pandas Series, ...: NumPy's array of it is one
        hint = " (pass np.asarray(...) of it, a NumPy array)"
    raise TypeError("%s: values of type %s are not supported as kernel arguments%s"
                    % (what, type(value).__name__, hint))


def compile_time_only(value):
    """Whether an argument passes nothing at run time: None, or a dtype
    (np.float64, np.dtype('f8')), which the kernel knows from its type."""
    return value is None or isinstance(value, (type, np.dtype))


def flatten(values):
    """Tuples expanded into their elements, recursively, and compile-time-only
    arguments left out (the kernel ABI, docs/abi.md)."""
    out = []
    for v in values:
        if isinstance(v, tuple):
            out.extend(flatten(v))
        elif not compile_time_only(v):
            out.append(v)
    return out
