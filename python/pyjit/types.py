"""Scalar and array type objects for signatures, as numba's are.

    from pyjit import float32, int32
    @cuda.jit
    def k(a: float32[:], n: int32): ...        # type hints give an eager signature
    @cuda.jit(void(float32[:, ::1], int32))    # or a signature built from the objects
    sm = cuda.shared.array(64, dtype=float32)  # and dtypes in kernels

`float32[:]` is a 1-d array of any layout, `float32[:, ::1]` a C-contiguous
2-d array; str() of each object is the spelling the compiler parses.
"""

import functools

__all__ = ["Type", "ArrayType", "Array", "Number", "Boolean", "Integer", "Float", "Complex",
           "BaseTuple", "BaseNamedTuple", "void", "boolean", "bool_", "int8", "int16", "int32", "int64",
           "uint8", "uint16", "uint32", "uint64", "float16", "float32", "float64", "bfloat16",
           "complex64", "complex128", "intp", "uintp", "int_", "intc", "uintc", "double", "single", "half",
           "from_dtype", "typeof", "Tuple", "UniTuple", "optional", "CPointer",
           "signature"]


@functools.total_ordering
class Type:
    """A scalar type; index it with slices to get an array type."""

    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name

    __repr__ = __str__

    def _canonical(self):
        """The spelling pyjit's signatures use (`float32[::1]` is
        `array(float32, 1d, C)`), parsed once; the name itself for what is
        not an argument type (void)."""
        canonical = self.__dict__.get("_spelled")
        if canonical is None:
            from ._ext import ext
            try:
                canonical = ext().parse_signature("(%s,)" % self.name)[0]
            except (ValueError, TypeError, IndexError):
                canonical = self.name
            self._spelled = canonical
        return canonical

    def __eq__(self, other):
        # Equal to a type of the same meaning, and to its canonical spelling,
        # as the entries of kernel.signatures hold it (numba's hold types).
        if isinstance(other, Type):
            return self._canonical() == other._canonical()
        if isinstance(other, str):
            return self._canonical() == other
        if type(other).__module__.startswith("numba"):
            # numba's type objects (types.int32, float32[:]), spelled as
            # numba prints them; pyjit's on the left (numba's own __eq__
            # answers False for a pyjit type on its right).
            return self._canonical() == Type(str(other))._canonical()
        return NotImplemented

    def __hash__(self):
        return hash(self._canonical())

    def __contains__(self, text):
        """`'Record(' in t`: a substring of the canonical spelling (the entries
        of kernel.signatures were spellings before they were types)."""
        return isinstance(text, str) and text in self._canonical()

    def __lt__(self, other):
        # Ordered by spelling (sorted(k.signatures)), among types and
        # spellings; total_ordering derives the other comparisons.
        if isinstance(other, Type):
            return self._canonical() < other._canonical()
        if isinstance(other, str):
            return self._canonical() < other
        return NotImplemented

    def __getitem__(self, dims):
        if not isinstance(dims, tuple):
            dims = (dims,)
        spelled = []
        for d in dims:
            if not isinstance(d, slice) or d.start is not None or d.stop is not None or \
                    d.step not in (None, 1):
                raise TypeError("array types are spelled with ':' and '::1', e.g. float32[:, ::1]")
            spelled.append("::1" if d.step == 1 else ":")
        contiguous = [k for k, d in enumerate(spelled) if d == "::1"]
        if contiguous not in ([], [len(spelled) - 1], [0]):
            raise TypeError("only the last dimension (C layout) or the first (Fortran layout) "
                            "may be '::1', got [%s]" % ", ".join(spelled))
        return Array._of(self, spelled)

    @property
    def underlying_float(self):
        """A complex type's part type (numba's Complex.underlying_float):
        float32 of complex64, float64 of complex128; AttributeError for
        other types."""
        parts = {"complex64": "float32", "complex128": "float64"}
        if self.name not in parts:
            raise AttributeError("type %s has no underlying_float" % self.name)
        return _of_spelling(parts[self.name])

    @property
    def bitwidth(self):
        """A number type's width in bits (numba's Integer/Float.bitwidth);
        AttributeError for other types."""
        import numpy as np
        try:
            return np.dtype(self.name).itemsize * 8
        except TypeError:
            raise AttributeError("type %s has no bitwidth" % self.name) from None

    def __call__(self, *args):
        """void(float32[:], int32) builds a signature string; float32(0.1),
        with values, is the NumPy scalar (numba's types convert values on the
        host the same way)."""
        if args and not all(isinstance(a, (Type, str)) for a in args):
            import numpy as np
            return np.dtype(self.name).type(*args)
        return signature(self, *args)


class ArrayType(Type):
    """An array type: `dtype` (a scalar type), `ndim`, `layout` ('C', 'F' or
    'A'), as numba's types.Array; `name` its spelling (float32[:, ::1], or
    array(float32, 2d, C) as typeof gives it)."""

    def __init__(self, dtype, dims, name=None):
        layout = "C" if dims[-1] == "::1" else "F" if dims[0] == "::1" else "A"
        if name is None and str(dtype).startswith("["):
            # Bytes and str items ([char x 4]) have no [:] spelling in signatures.
            name = "array(%s, %dd, %s)" % (dtype, len(dims), layout)
        super().__init__(name or "%s[%s]" % (dtype, ", ".join(dims)))
        self._dims = dims
        self.dtype = dtype
        self.mutable = not self.name.startswith("readonly ")  # numba's Array.mutable
        self.ndim = len(dims)
        self.layout = layout


class Array(ArrayType):
    """numba.types.Array(dtype, ndim, layout): the array type of `ndim`
    dimensions of `dtype` (a pyjit/numba type) in layout 'C' (float32[:, ::1]),
    'F' (float32[::1, :]) or 'A' (float32[:, :]); with readonly=True the
    read-only array type (`readonly array(float32, 2d, C)`: the kernel cannot
    write it, and it takes read-only arrays, as numba's). Every array type is
    an Array (`isinstance(typeof(a), types.Array)`, as numba's). ValueError
    for another layout or ndim < 1."""

    def __init__(self, dtype, ndim, layout, readonly=False):
        if not isinstance(ndim, int) or ndim < 1:
            raise ValueError("types.Array: ndim must be a positive int, got %r" % (ndim,))
        if layout not in ("C", "F", "A"):
            raise ValueError("types.Array: layout must be 'C', 'F' or 'A', got %r" % (layout,))
        dims = [":"] * ndim
        if layout == "C":
            dims[-1] = "::1"
        elif layout == "F":
            dims[0] = "::1"
        super().__init__(dtype, dims, "readonly array(%s, %dd, %s)" % (dtype, ndim, layout)
                         if readonly else None)

    @classmethod
    def _of(cls, dtype, dims, name=None):
        """An Array of `dims` (':' and '::1' spellings) named `name`."""
        array = cls.__new__(cls)
        ArrayType.__init__(array, dtype, dims, name)
        return array


def from_dtype(dtype):
    """The type of a NumPy dtype (numba.from_dtype): a scalar type, or a
    record type for a structured dtype; index it to get an array type
    (`from_dtype(dt)[:]`). TypeError for a dtype kernels do not take."""
    import numpy as np
    from ._typeof import dtype_name
    return Type(dtype_name(np.dtype(dtype), "from_dtype"))


def typeof(value):
    """numba.typeof: the type pyjit gives `value` as a kernel argument, as a
    type object whose str() is its spelling (`typeof(np.ones(3))` is
    array(float64, 1d, C), `typeof(1.5)` float64, `typeof(np.float32)`
    class(float32)). TypeError for a value kernels do not take."""
    from ._typeof import typeof as _typeof
    return _of_spelling(_typeof(value, "typeof(%s)" % type(value).__name__))


def split_outside_brackets(text):
    """`text` split at the commas outside brackets and parentheses, each
    part stripped ('float64[:, :], Tuple(int64, int64)' -> two parts; an
    empty text or a trailing comma gives an empty last part)."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += c in "[("
        depth -= c in "])"
        if c == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return parts


def _of_spelling(spelled):
    """The type object of a canonical spelling, as typeof and
    kernel.signatures give them: an Array for arrays (.dtype, .ndim,
    .layout), the named scalar type (int64, ...), else a Type of that name."""
    import re
    named = {t.name: t for t in globals().values()
             if type(t) in (Type, NoneType, Boolean, Integer, Float, Complex)}  # int64, ...
    named["none"] = void
    if spelled.startswith("Tuple(") and spelled.endswith(")"):  # .types, .count, .dtype
        return TupleType([_of_spelling(p) for p in split_outside_brackets(spelled[6:-1]) if p])
    named_tuple = re.fullmatch(r"NamedTuple\((\w+); (.*)\)", spelled, re.S)
    if named_tuple:  # .fields too
        fields = [p.split(":", 1) for p in split_outside_brackets(named_tuple.group(2)) if p]
        return NamedTupleType(named_tuple.group(1), [f.strip() for f, _ in fields],
                              [_of_spelling(t.strip()) for _, t in fields])
    array = re.fullmatch(r"(?:readonly )?array\((.+), (\d+)d, ([CFA])(, readonly)?\)", spelled)
    if array:  # with .dtype, .ndim and .layout, as numba's types.Array
        dtype, ndim, layout = array.group(1), int(array.group(2)), array.group(3)
        dims = [":"] * ndim
        if ndim and layout != "A":
            dims[-1 if layout == "C" else 0] = "::1"
        if ndim:
            return Array._of(named.get(dtype) or Type(dtype), dims, name=spelled)
    return named.get(spelled) or Type(spelled)


def optional(t):
    """numba.types.optional(float64): a number (or bool) or None, for device
    function signatures (`float64(optional(float64))`); spelled as numba
    prints it, OptionalType(float64)."""
    return Type("OptionalType(%s)" % t)


class CPointer(Type):
    """numba.types.CPointer(dtype): a pointer to numbers of `dtype`, as a
    kernel parameter (the argument is the address, an int) or a device
    function's. In kernels p[i] reads and writes item i (no bounds; p[-1] the
    item before), and carray(p, shape) / farray(p, shape) view the items as
    an array. `addrspace` is numba's and must be 0 (generic)."""

    def __init__(self, dtype, addrspace=0):
        if addrspace not in (0, None):
            raise ValueError("CPointer: only the generic address space (0) is supported, got %r"
                             % (addrspace,))
        super().__init__("CPointer(%s)" % dtype)
        self.dtype = dtype


class TupleType(Type):
    """A tuple type, as numba's Tuple/UniTuple: `types` its element types,
    `count` their number, and `dtype` the element type when all are one."""

    def __init__(self, types):
        self.types = tuple(types)
        self.count = len(self.types)
        super().__init__("Tuple(%s)" % ", ".join(str(t) for t in self.types))
        if self.types and all(t == self.types[0] for t in self.types):
            self.dtype = self.types[0]

    # As numba's BaseTuple, for typing functions: len(t), t[i] (a slice: a
    # tuple of the element types), iteration over the element types.
    def __len__(self):
        return self.count

    def __getitem__(self, i):
        return self.types[i]

    def __iter__(self):
        return iter(self.types)


BaseTuple = TupleType  # numba's base class of Tuple and UniTuple, for isinstance


class NamedTupleType(TupleType):
    """A named tuple's type (numba's NamedTuple/NamedUniTuple), as a typing
    function (pyjit.extending) is given it: a TupleType with `fields` (the
    field names) and `class_name`; spelled as typeof spells it,
    'NamedTuple(P; x: float64, y: float64)'."""

    def __init__(self, class_name, fields, types):
        super().__init__(types)
        self.fields = tuple(fields)
        self.class_name = class_name
        self.name = "NamedTuple(%s; %s)" % (class_name, ", ".join(
            "%s: %s" % (f, t) for f, t in zip(self.fields, self.types)))


BaseNamedTuple = NamedTupleType  # numba's base class of NamedTuple and NamedUniTuple


def Tuple(types):
    """numba.types.Tuple([int32, float64]) (or of a tuple): the type of a
    tuple of those; ValueError past 1024 elements (signature strings' bound)."""
    types = list(types)
    if len(types) > 1024:
        raise ValueError("Tuple: a tuple type of more than 1024 elements")
    return TupleType(types)


def UniTuple(dtype, count):
    """numba.types.UniTuple(int32, 2): a tuple of `count` elements of
    `dtype`; ValueError for a count that is not an int from 0 to 1024."""
    if not isinstance(count, int) or not 0 <= count <= 1024:
        raise ValueError("UniTuple: count must be an int from 0 to 1024, got %r" % (count,))
    return Tuple([dtype] * count)


class Signature(str):
    """A signature, as numba's `void(float32[:], int32)` or
    `signature(restype, *argtypes)` gives it: `args` (a tuple of the
    argument types) and `return_type`. It is also the string
    'restype(arg, ...)', which everything taking a signature string takes."""

    def __new__(cls, restype, argtypes):
        spelled = "void" if isinstance(restype, NoneType) else restype  # void(...), as written
        self = super().__new__(cls, "%s(%s)" % (spelled, ", ".join(str(a) for a in argtypes)))
        as_type = lambda t: t if isinstance(t, Type) else _of_spelling(str(t))
        self.return_type = as_type(restype)
        self.args = tuple(as_type(a) for a in argtypes)
        return self

    def __reduce__(self):
        return (Signature, (self.return_type, self.args))

    def __repr__(self):
        return "Signature(%s)" % str.__repr__(self)

    def __eq__(self, other):
        """As its string, or to a signature object (numba's) of equal
        argument and return types (those compare with numba's types)."""
        if isinstance(other, str):
            return str.__eq__(self, other)
        if hasattr(other, "args") and hasattr(other, "return_type"):
            try:
                args = tuple(other.args)
            except TypeError:
                return NotImplemented
            return self.return_type == other.return_type and self.args == args
        return NotImplemented

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = str.__hash__


def signature(restype, *argtypes):
    """numba's signature(restype, *argtypes): a Signature, which is also the
    string 'restype(arg, ...)'."""
    return Signature(restype, argtypes)


class NoneType(Type):
    """numba's types.NoneType: the type of None, whose one instance is `void`
    (also `none`): what a kernel returns."""


void = none = NoneType("none")  # numba spells it none (types.void is types.none)
class Number(Type):
    """A number type (numba's types.Number): the classes below let a typing
    function (pyjit.extending.overload) ask `isinstance(x, types.Float)`."""


class Boolean(Type):
    """bool (numba's types.Boolean)."""


class Integer(Number):
    """A signed or unsigned integer type (numba's types.Integer): `signed`."""

    @property
    def signed(self):
        return not self.name.startswith("uint")


class Float(Number):
    """float16, bfloat16, float32 or float64 (numba's types.Float)."""


class Complex(Number):
    """complex64 or complex128 (numba's types.Complex)."""


boolean = bool_ = Boolean("bool")
int8, int16, int32, int64 = (Integer("int%d" % b) for b in (8, 16, 32, 64))
uint8, uint16, uint32, uint64 = (Integer("uint%d" % b) for b in (8, 16, 32, 64))
float16, float32, float64 = (Float("float%d" % b) for b in (16, 32, 64))
bfloat16 = Float("bfloat16")  # numba-cuda's numba.cuda.types.bfloat16 (ml_dtypes' in arrays)
complex64, complex128 = Complex("complex64"), Complex("complex128")
intp = int_ = ssize_t = long_ = longlong = int64   # numba's C-style names (64-bit Linux)
uintp = size_t = ulong = ulonglong = uint64
intc, uintc, short, ushort = int32, uint32, int16, uint16
char, uchar = int8, uint8
byte = ubyte = uint8     # numba.types.byte is uchar (NumPy's np.byte is int8)
uint = uint64            # numba.types.uint: C unsigned long
double, single, half = float64, float32, float16
# numba's short names (numba.core.types.scalars: b1, i1..i8, u1..u8, f2..f8, c8, c16).
b1 = boolean
i1, i2, i4, i8 = int8, int16, int32, int64
u1, u2, u4, u8 = uint8, uint16, uint32, uint64
f2, f4, f8 = float16, float32, float64
c8, c16 = complex64, complex128
voidptr = Type("voidptr")  # numba.types.voidptr: C's void*, for cuda.declare_device signatures
# numba 0.68's types.bool, the same type as boolean. Bound last and left out
# of __all__: it shadows the builtin bool, which nothing in this module uses.
globals()["bool"] = boolean
