//===- Signature.cpp - Parser for numba-style type strings ---------------===//
#include "pyjit/ir/Signature.h"
#include "pyjit/ir/TypeRules.h"
#include "ClosestName.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <optional>
#include <vector>

using namespace pyjit::ir;

namespace {
class SigParser {
public:
  SigParser(TypeContext &ctx, llvm::StringRef text) : ctx(ctx), full(text), rest(text) {}

  llvm::Error fail(const llvm::Twine &what) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid type signature '" + full + "': " + what);
  }
  void skipSpace() { rest = rest.ltrim(); }
  bool accept(llvm::StringRef s) {
    skipSpace();
    return rest.consume_front(s);
  }
  llvm::StringRef ident() {
    skipSpace();
    size_t n = 0;
    // (a byte of a UTF-8 sequence too: Python names may hold any letter, `kλ`)
    while (n < rest.size() && (llvm::isAlnum(rest[n]) || rest[n] == '_' ||
                               static_cast<unsigned char>(rest[n]) >= 0x80))
      ++n;
    llvm::StringRef id = rest.take_front(n);
    rest = rest.drop_front(n);
    return id;
  }
  bool atEnd() {
    skipSpace();
    return rest.empty();
  }

  /// After 'Record': (name[type=T;offset=N],...;size;True|False), numba's
  /// spelling of a structured dtype (Type::str).
  /// Types nest (tuples, records, readonly): a bound on the depth keeps a
  /// pathological string from exhausting the stack.
  static constexpr unsigned MaxDepth = 64;
  struct DepthGuard {
    unsigned &depth;
    explicit DepthGuard(unsigned &d) : depth(d) { ++depth; }
    ~DepthGuard() { --depth; }
  };

  llvm::Expected<Type *> record() {
    DepthGuard guard(depth);
    if (depth > MaxDepth)
      return fail("types nested more than " + llvm::Twine(MaxDepth) + " deep");
    if (!accept("("))
      return fail("expected '(' after 'Record'");
    std::vector<RecordType::Field> fields;
    do {
      llvm::StringRef name = ident();
      if (name.empty() || !accept("[") || ident() != "type" || !accept("="))
        return fail("expected 'name[type=...;offset=...]' in a Record");
      auto chars = charSeq(); // a bytes or str field
      if (!chars)
        return chars.takeError();
      llvm::StringRef tn = *chars ? llvm::StringRef() : ident();
      Type *ft = *chars;
      std::vector<uint64_t> shape;
      if (ft) {
      } else if (tn == "Record") { // a nested record
        auto inner = record();
        if (!inner)
          return inner.takeError();
        ft = *inner;
      } else if (tn == "nestedarray") { // nestedarray(float64, (3,)), numba's array field
        llvm::StringRef et = accept("(") ? ident() : llvm::StringRef();
        ft = ctx.scalarByName(et);
        if (!ft || !accept(",") || !accept("("))
          return fail("expected 'nestedarray(scalar type, (extents))' in a Record");
        while (!accept(")")) { // extents, comma-separated, a trailing comma allowed
          uint64_t e = 0;
          if (ident().getAsInteger(10, e) || e == 0)
            return fail("expected positive extents in a Record's nestedarray");
          shape.push_back(e);
          if (!accept(",") && !rest.ltrim().starts_with(")"))
            return fail("expected ',' or ')' after an extent in a Record's nestedarray");
        }
        if (shape.empty() || !accept(")"))
          return fail("expected 'nestedarray(scalar type, (extents))' in a Record");
      } else {
        ft = ctx.scalarByName(tn);
      }
      if (!ft)
        return fail("unknown field type '" + tn + "' in a Record");
      uint64_t offset = 0;
      if (!accept(";") || ident() != "offset" || !accept("=") || ident().getAsInteger(10, offset) ||
          !accept("]"))
        return fail("expected ';offset=N]' after a Record field's type");
      fields.push_back({name.str(), ft, offset, std::move(shape)});
    } while (accept(","));
    uint64_t size = 0;
    if (!accept(";") || ident().getAsInteger(10, size))
      return fail("expected ';size' in a Record");
    bool aligned = false;
    if (accept(";")) {
      llvm::StringRef a = ident();
      if (a != "True" && a != "False")
        return fail("expected True or False (aligned) in a Record");
      aligned = a == "True";
    }
    if (!accept(")"))
      return fail("expected ')' after a Record");
    for (const RecordType::Field &f : fields) {
      uint64_t width = elementBytes(f.type);
      for (uint64_t e : f.shape)
        width *= e;
      if (f.offset + width > size)
        return fail("field '" + f.name + "' lies outside the Record's " + llvm::Twine(size) +
                    " bytes");
    }
    return static_cast<Type *>(ctx.record(std::move(fields), size, aligned));
  }

  /// After 'datetime64' or 'timedelta64': "[unit]".
  llvm::Expected<Type *> datetimeUnit(llvm::StringRef id) {
    llvm::StringRef unit = accept("[") ? ident() : llvm::StringRef();
    Type *t = unit.empty() ? nullptr : ctx.datetime(id == "timedelta64", unit);
    if (!t || !accept("]"))
      return fail("expected '" + id + "[unit]' with a unit of Y M W D h m s ms us ns ps fs as");
    return t;
  }

  /// A layout letter, C, F or A (quoted as in numba's Array(..., 'C') when
  /// \p quotes); nullopt for anything else.
  std::optional<Layout> layout(bool quotes = false) {
    bool quoted = quotes && (accept("'") || accept("\""));
    llvm::StringRef lay = ident();
    if ((lay != "C" && lay != "A" && lay != "F") || (quoted && !(accept("'") || accept("\""))))
      return std::nullopt;
    return lay == "C" ? Layout::C : lay == "F" ? Layout::F : Layout::A;
  }

  /// numba's CharSeq and UnicodeCharSeq spellings, `[char x 12]` and
  /// `[unichr x 12]` (Type::str), when next; null (and nothing consumed)
  /// when the next text is not a '['.
  llvm::Expected<Type *> charSeq() {
    if (!accept("["))
      return nullptr;
    llvm::StringRef kind = ident();
    unsigned count = 0;
    if ((kind != "char" && kind != "unichr") || !accept("x") || ident().getAsInteger(10, count) ||
        count == 0 || count > (1u << 24) || !accept("]"))
      return fail("expected '[char x N]' or '[unichr x N]' (N >= 1), a bytes or str item");
    return static_cast<Type *>(ctx.charSeq(count, kind == "unichr"));
  }

  /// A dtype name: a scalar's, or datetime64[unit]/timedelta64[unit].
  llvm::Expected<Type *> dtypeNamed(llvm::StringRef name) {
    if (name == "datetime64" || name == "timedelta64")
      return datetimeUnit(name);
    return ctx.scalarByName(name);
  }

  llvm::Expected<Type *> type() {
    DepthGuard guard(depth);
    if (depth > MaxDepth)
      return fail("types nested more than " + llvm::Twine(MaxDepth) + " deep");
    llvm::StringRef id = ident();
    if (id.empty())
      return fail("expected a type name");
    if (id == "readonly") { // numba's "readonly array(float32, 1d, C)"
      auto t = type();
      if (!t)
        return t.takeError();
      auto *at = llvm::dyn_cast<ArrayType>(*t);
      if (!at)
        return fail("'readonly' applies to arrays");
      return static_cast<Type *>(ctx.array(at->dtype(), at->ndim(), at->layout(), true));
    }
    if (id == "unaligned") { // numba's "unaligned array(Record(...;False), 1d, A)"
      // numba marks arrays of packed records (and views that may be
      // misaligned) so; the type is the array's (a record type carries its
      // own alignment).
      auto t = type();
      if (!t)
        return t.takeError();
      if (!llvm::isa<ArrayType>(*t))
        return fail("'unaligned' applies to arrays");
      return t;
    }
    if (id == "NamedTuple") {
      // NamedTuple(Params; a: float64, n: int64) (Type::str): a named tuple.
      if (!accept("("))
        return fail("expected '(' after 'NamedTuple'");
      std::string cls = ident().str();
      if (cls.empty() || !accept(";"))
        return fail("expected 'NamedTuple(Class; field: type, ...)'");
      std::vector<Type *> elems;
      std::vector<std::string> names;
      if (!accept(")")) {
        do {
          std::string name = ident().str();
          if (name.empty() || !accept(":"))
            return fail("expected 'field: type' in a NamedTuple");
          auto t = type();
          if (!t)
            return t.takeError();
          names.push_back(std::move(name));
          elems.push_back(*t);
        } while (accept(","));
        if (!accept(")"))
          return fail("expected ')' after a NamedTuple's fields");
      }
      return static_cast<Type *>(ctx.namedTuple(elems, cls, names));
    }
    if (id == "Tuple" || id == "UniTuple") {
      // Tuple(int64, float32[:]) or numba's UniTuple(int64 x 3) (its str;
      // UniTuple(int64, 3) is the constructor's spelling, accepted too).
      if (!accept("("))
        return fail("expected '(' after '" + id + "'");
      std::vector<Type *> elems;
      if (id == "UniTuple") {
        auto t = type();
        if (!t)
          return t.takeError();
        unsigned n = 0;
        if (!(accept("x") || accept(",")) || ident().getAsInteger(10, n))
          return fail("expected 'UniTuple(type x count)'");
        if (n > 1024)
          return fail("a UniTuple of more than 1024 elements");
        elems.assign(n, *t);
      } else if (!accept(")")) {
        // numba's constructor takes a Python tuple too: Tuple((int64, float32)).
        bool inner = accept("(");
        if (!(inner && accept(")"))) {
          do {
            if (inner && rest.ltrim().starts_with(")"))
              break; // Tuple((int64,)): a tuple of one
            auto t = type();
            if (!t)
              return t.takeError();
            elems.push_back(*t);
          } while (accept(","));
          if (inner && !accept(")"))
            return fail("expected ')' after the tuple's element types");
        }
      } else {
        return ctx.tuple(elems);
      }
      if (!accept(")"))
        return fail("expected ')' after the tuple's element types");
      return ctx.tuple(elems);
    }
    if (id == "array") {
      if (!accept("("))
        return fail("expected '(' after 'array'");
      auto chars = charSeq();
      if (!chars)
        return chars.takeError();
      llvm::StringRef dt = *chars ? llvm::StringRef("[chars]") : ident();
      Type *dtype = *chars;
      if (dt != "Record" && !dtype) {
        auto named = dtypeNamed(dt);
        if (!named)
          return named.takeError();
        dtype = *named;
      }
      if (dt == "Record") {
        auto r = record();
        if (!r)
          return r.takeError();
        dtype = *r;
      }
      if (!dtype)
        return fail("unknown dtype '" + dt + "'");
      unsigned ndim = 0;
      if (!accept(",") || ident().rtrim("d").getAsInteger(10, ndim))
        return fail("expected the number of dimensions, e.g. '2d'");
      if (!accept(","))
        return fail("expected a layout (C, F or A)");
      llvm::StringRef spelled = rest.ltrim().take_while(llvm::isAlnum);
      std::optional<Layout> lay = layout();
      if (!lay)
        return fail("unknown layout '" + spelled + "'");
      // Skip any further qualifiers (numba prints e.g. 'readonly').
      while (accept(","))
        ident();
      if (!accept(")"))
        return fail("expected ')'");
      return ctx.array(dtype, ndim, *lay);
    }
    if (id == "Array") {
      // numba's constructor, types.Array(float64, 2, 'C'[, readonly=True]),
      // as a signature string holds it.
      if (!accept("("))
        return fail("expected '(' after 'Array'");
      llvm::StringRef dt = ident();
      auto named = dtypeNamed(dt);
      if (!named)
        return named.takeError();
      Type *dtype = *named;
      if (!dtype)
        return fail("unknown dtype '" + dt + "' in Array(dtype, ndim, layout)");
      unsigned ndim = 0;
      if (!accept(",") || ident().getAsInteger(10, ndim) || ndim == 0 || ndim > 32)
        return fail("expected Array(dtype, ndim, layout) with ndim 1 to 32");
      if (!accept(","))
        return fail("expected a layout ('C', 'F' or 'A') in Array(dtype, ndim, layout)");
      std::optional<Layout> lay = layout(/*quotes=*/true);
      if (!lay)
        return fail("expected a layout ('C', 'F' or 'A') in Array(dtype, ndim, layout)");
      bool readonly = false;
      if (accept(",")) {
        if (ident() != "readonly" || !accept("="))
          return fail("expected 'readonly=True' or 'readonly=False' in Array(...)");
        llvm::StringRef value = ident();
        if (value != "True" && value != "False")
          return fail("expected 'readonly=True' or 'readonly=False' in Array(...)");
        readonly = value == "True";
      }
      if (!accept(")"))
        return fail("expected ')' after Array(dtype, ndim, layout)");
      return static_cast<Type *>(ctx.array(dtype, ndim, *lay, readonly));
    }
    if (id == "CPointer") { // numba's types.CPointer(float32): a pointer to numbers
      if (!accept("("))
        return fail("expected '(' after 'CPointer'");
      Type *dtype = ctx.scalarByName(ident());
      if (!dtype || !accept(")"))
        return fail("expected 'CPointer(<number or bool type>)', e.g. CPointer(float32)");
      return static_cast<Type *>(ctx.pointer(dtype));
    }
    if (id == "EnumMember") { // EnumMember(Color, int64): a plain enum.Enum member
      // (EnumMember(Planet, ordinal): of an Enum whose values are not ints.)
      llvm::StringRef cls = accept("(") ? ident() : llvm::StringRef();
      llvm::StringRef held = !cls.empty() && accept(",") ? ident() : llvm::StringRef();
      if ((held != "int64" && held != "ordinal") || !accept(")"))
        return fail("expected 'EnumMember(Class, int64)' or 'EnumMember(Class, ordinal)'");
      return static_cast<Type *>(ctx.enumMember(cls, held == "ordinal"));
    }
    if (id == "IntEnumMember") { // IntEnumMember(Shape, int64): an enum.IntEnum member
      llvm::StringRef cls = accept("(") ? ident() : llvm::StringRef();
      llvm::StringRef held = !cls.empty() && accept(",") ? ident() : llvm::StringRef();
      if (held != "int64" || !accept(")"))
        return fail("expected 'IntEnumMember(Class, int64)'");
      return static_cast<Type *>(ctx.intEnumMember(cls));
    }
    if (id == "none") // numba's types.none: a None argument
      return static_cast<Type *>(ctx.none());
    if ((id == "optional" || id == "OptionalType") && accept("(")) {
      // numba's types.optional(float64), printed OptionalType(float64): a number or None.
      auto inner = type();
      if (!inner)
        return inner.takeError();
      if (!(*inner)->isScalar() || llvm::isa<ComplexType>(*inner) || !accept(")"))
        return fail("expected 'optional(<number or bool type>)'");
      return static_cast<Type *>(ctx.optional(*inner));
    }
    if (id == "function" && accept("(")) { // function(dtype.float64): class(float64) printed
      size_t close = rest.find(')');
      llvm::StringRef path = rest.take_front(close);
      if (close == llvm::StringRef::npos || !path.starts_with("dtype.") ||
          !ctx.scalarByName(path.drop_front(6)))
        return fail("expected 'function(dtype.<scalar type>)'");
      rest = rest.drop_front(close + 1);
      return static_cast<Type *>(ctx.builtin(path.str()));
    }
    if (id == "class") { // class(float64): a NumPy scalar type passed (numba's NumberClass)
      llvm::StringRef name = accept("(") ? ident() : llvm::StringRef();
      if (name.empty() || !ctx.scalarByName(name) || !accept(")"))
        return fail("expected 'class(<scalar type>)', e.g. 'class(float64)'");
      return static_cast<Type *>(ctx.builtin(("dtype." + name).str()));
    }
    Type *scalar = ctx.scalarByName(id);
    if (id == "datetime64" || id == "timedelta64") { // datetime64[D]: NumPy's dtype name
      auto t = datetimeUnit(id);
      if (!t)
        return t.takeError();
      scalar = *t;
    }
    if (id == "Record") { // from_dtype(dt)[:]: a record array; alone, a dtype (parseDType)
      auto r = record();
      if (!r)
        return r.takeError();
      scalar = *r;
    }
    if (!scalar) {
      std::vector<std::string> known(TypeContext::scalarNames().begin(),
                                     TypeContext::scalarNames().end());
      for (const char *n : {"intp", "uintp", "datetime64", "timedelta64", "void", "none",
                            "UniTuple", "Tuple"})
        known.push_back(n);
      std::optional<std::string> best = closestName(id, known);
      return fail("unknown type '" + id + "'" +
                  (best ? "; did you mean '" + *best + "'?" : std::string()));
    }
    if (scalar->isScalar() && !llvm::isa<RecordType>(scalar) && accept("*"))
      return static_cast<Type *>(ctx.pointer(scalar)); // float32*: numba's CPointer(float32)
    if (!accept("["))
      return scalar;
    // numba: `::1` last is C layout, `::1` first (of several) Fortran.
    std::vector<bool> unit;
    do {
      if (accept("::1")) {
        unit.push_back(true);
      } else if (accept(":")) {
        unit.push_back(false);
      } else {
        return fail("expected ':' or '::1' in array dimensions");
      }
    } while (accept(","));
    if (!accept("]"))
      return fail("expected ']'");
    unsigned ndim = static_cast<unsigned>(unit.size());
    unsigned units = static_cast<unsigned>(std::count(unit.begin(), unit.end(), true));
    if (units > 1 || (units == 1 && !unit.back() && !unit.front()))
      return fail("'::1' marks the contiguous dimension: the last (C) or the first (Fortran)");
    Layout layout = units == 0 ? Layout::A : unit.back() ? Layout::C : Layout::F;
    return ctx.array(scalar, ndim, layout);
  }

  /// Names that start a type other than a scalar's (Tuple(...), array(...)).
  static bool isTypeConstructor(llvm::StringRef id) {
    return id == "Tuple" || id == "UniTuple" || id == "NamedTuple" || id == "array" ||
           id == "Array" || id == "readonly" || id == "unaligned" || id == "CPointer" ||
           id == "Record" ||
           id == "optional" || id == "OptionalType" || id == "EnumMember" || id == "IntEnumMember" ||
           id == "datetime64" || id == "timedelta64";
  }

  llvm::Expected<Signature> signature() {
    Signature sig;
    llvm::StringRef start = rest;
    llvm::StringRef prefix = ident();
    if (prefix == "void" || prefix == "none") {
      sig.returnType = ctx.none();
    } else if (Type *t = prefix.empty() ? nullptr : ctx.scalarByName(prefix);
               t && !rest.ltrim().starts_with("[")) {
      sig.returnType = t;
    } else if (isTypeConstructor(prefix) || (t && rest.ltrim().starts_with("["))) {
      // A result of any other type: UniTuple(float64, 2)(float64, float64),
      // float32[::1](int64), as numba's signatures may give them.
      rest = start;
      auto result = type();
      if (!result)
        return result.takeError();
      sig.returnType = *result;
    } else {
      sig.name = prefix.str();
    }
    if (!accept("(")) {
      // numba also takes a tuple of argument types, "float32[:], int32"
      // (sigutils.normalize_signature): the result type is inferred.
      if (!sig.name.empty() && !prefix.empty())
        return fail("expected '(' after '" + prefix + "'"); // "k float32"
      rest = start;
      sig = Signature();
      bool comma = false;
      do {
        if (comma && atEnd())
          break; // "float32[:]," is a tuple of one
        auto t = type();
        if (!t)
          return t.takeError();
        sig.args.push_back(*t);
      } while ((comma = accept(",")));
      if (!atEnd())
        return fail("expected ',' after an argument type");
      if (sig.args.size() == 1 && !comma)
        return fail("a signature is 'result(argument types)', as 'void(float32[:], int32)', "
                    "or a tuple of argument types, as 'float32[:], int32'");
      return sig;
    }
    if (!accept(")")) {
      do {
        if (rest.ltrim().starts_with(")"))
          break; // "void(float32[:],)": a trailing comma, as Python allows
        auto t = type();
        if (!t)
          return t.takeError();
        sig.args.push_back(*t);
      } while (accept(","));
      if (!accept(")"))
        return fail("expected ',' or ')'");
    }
    if (!atEnd())
      return fail("unexpected text after ')'");
    return sig;
  }

private:
  TypeContext &ctx;
  llvm::StringRef full, rest;
  unsigned depth = 0;
};
} // namespace

llvm::Expected<Type *> pyjit::ir::parseType(TypeContext &ctx, llvm::StringRef text) {
  SigParser p(ctx, text);
  auto t = p.type();
  if (!t)
    return t.takeError();
  if (!p.atEnd())
    return p.fail("unexpected text after the type");
  return t;
}

Type *pyjit::ir::parseDType(TypeContext &ctx, llvm::StringRef name) {
  if (Type *t = ctx.scalarByName(name))
    return t;
  if (!name.starts_with("Record(") && !name.starts_with("EnumMember(") &&
      !name.starts_with("IntEnumMember(") &&
      !name.starts_with("datetime64[") && !name.starts_with("timedelta64["))
    return nullptr;
  auto parsed = parseType(ctx, name);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return nullptr;
  }
  return *parsed;
}

llvm::Expected<Signature> pyjit::ir::parseSignature(TypeContext &ctx, llvm::StringRef text) {
  return SigParser(ctx, text).signature();
}
