//===- GlobalEnv.h - Values of a kernel's free names, frozen at compile time ===//
#ifndef PYJIT_IR_GLOBALENV_H
#define PYJIT_IR_GLOBALENV_H

#include "pyjit/frontend/SourceFile.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pyjit::ir {

struct DeviceFunctionSource;
class GlobalEnv;

/// The length of a string constant's text (UTF-8) in code points, as Python
/// counts it: every byte but a continuation byte starts one.
inline size_t codePoints(llvm::StringRef utf8) {
  size_t n = 0;
  for (char c : utf8)
    n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

/// What a global name of the kernel's module was bound to when compiled.
/// The Python side (decorator and pyjitc alike) classifies the values.
struct GlobalValue {
  enum class Kind {
    Int,         // a Python/NumPy integer: `value.i`; an IntEnum member has
                 // `name` ("Mode.ADD"), and its `.value` is the int
    Float,       // a Python/NumPy float: `value.f`
    Complex,     // a Python/NumPy complex: `value.f` + `value.imag` j
    Tuple,       // a tuple of numbers, bools and tuples: `elements`; a named
                 // tuple's class in `name`, its field names in `data` (a,b,c)
    ConstArray,  // a small NumPy array, frozen into constant memory: `dtype`,
                 // `shape`, `data` (C order; memory order, first index
                 // fastest, when `name` is "F": an F-contiguous array); with
                 // `name` "R", a NumPy record scalar (np.void): the one
                 // element of a 1-element array of its dtype, a read-only record
    Bool,        // `value.i` is 0 or 1
    Module,      // `name` is "cuda", "math" or "numpy"; `members`, if set,
                 // the attributes pyjit has no rule for (cuda.random)
    Function,    // a known function, `name` e.g. "math.sqrt"
    DType,       // a NumPy scalar type, `name` e.g. "float32"
    DeviceFunction, // an @cuda.jit(device=True) function: `device`
    Namespace,   // a module (or IntEnum class) read by attribute, `name`
                 // its label ("module 'helpers'"): the attributes the code
                 // reads, `members`
    None,        // Python's None (a global, or a parameter's default)
    NamedTupleClass, // a named tuple class (collections.namedtuple): `name`,
                     // its fields in `data` (a,b,c); calling it makes one
    DeviceArray, // a global device array (numba-cuda): `i` its address, `dtype`,
                 // `shape`, `strides` (bytes); read-only when `name` is "readonly"
    Extern,      // cuda.declare_device(name, sig): `name` the symbol, `dtype`
                 // the result's type name ("void" for none), `data` the
                 // parameters, comma-separated: a type name, or "ptr T" for
                 // a pointer to T (an array's data is passed); `i` 1 for the
                 // C ABI (the result returned), 0 for numba's; `llvmIR`, if
                 // set, the LLVM IR defining `name` (a numba @intrinsic's)
    Unsupported, // anything else; `name` describes the Python type (a string,
                 // "str", keeps its text in `data`: a raise's or assert's
                 // message may name it)
  };
  Kind kind = Kind::Unsupported;
  int64_t i = 0;
  double f = 0.0;
  std::string name;
  const DeviceFunctionSource *device = nullptr; // owned by a DeviceFunctionTable
  double imag = 0.0;
  /// For a NumPy scalar, its type ("float64", "uint64", ...): it is then
  /// strong (NEP 50); empty for a Python number, which is weak.
  std::string dtype;
  std::vector<GlobalValue> elements; // Tuple
  std::vector<int64_t> shape;        // ConstArray, DeviceArray
  std::vector<int64_t> strides;      // DeviceArray (bytes)
  std::string data;                  // ConstArray: the bytes
  /// A plain Enum member whose truth is False in Python (an enum.Flag's
  /// empty member, whose __bool__ is its value's); others are true.
  bool falseMember = false;
  /// Extern: LLVM IR text defining the function `name` with the C ABI, which
  /// the kernel links in (a numba @intrinsic's code), and what messages call
  /// it (`intrinsic 'clz32'`); empty for a cuda.declare_device function.
  std::string llvmIR, llvmIRLabel;
  std::shared_ptr<const GlobalEnv> members; // Namespace (shared: ExprInfo copies values)
  /// Module: names the code reads that the Python module does not have
  /// (`cuda.gridprint` is "no attribute", not "not supported in kernels").
  std::vector<std::string> absent;

  static GlobalValue ofInt(int64_t v) { return {Kind::Int, v, 0.0, {}}; }
  /// An Int's (or Bool's) value as a double: a uint64 constant (dtype
  /// "uint64", 2**63 and up) read unsigned.
  double intAsDouble() const {
    return dtype == "uint64" ? static_cast<double>(static_cast<uint64_t>(i))
                             : static_cast<double>(i);
  }
  /// Python's truth of a constant number, bool, None or str (non-empty);
  /// none for others.
  std::optional<bool> truth() const {
    if (isString())
      return !data.empty();
    switch (kind) {
    case Kind::Int:
      if (llvm::StringRef(dtype).starts_with("EnumMember("))
        return !falseMember; // a plain Enum member is true whatever its value (Python)
      return i != 0;
    case Kind::Bool:
      return i != 0;
    case Kind::Float:
      return f != 0.0;
    case Kind::Complex:
      return f != 0.0 || imag != 0.0;
    case Kind::None:
      return false;
    default:
      return std::nullopt;
    }
  }
  static GlobalValue ofFloat(double v) { return {Kind::Float, 0, v, {}}; }
  static GlobalValue ofBool(bool v) { return {Kind::Bool, v ? 1 : 0, 0.0, {}}; }
  static GlobalValue ofComplex(double re, double im) {
    GlobalValue v{Kind::Complex, 0, re, {}};
    v.imag = im;
    return v;
  }
  static GlobalValue ofModule(std::string n) { return {Kind::Module, 0, 0.0, std::move(n)}; }
  static GlobalValue ofFunction(std::string n) { return {Kind::Function, 0, 0.0, std::move(n)}; }
  static GlobalValue ofDType(std::string n) { return {Kind::DType, 0, 0.0, std::move(n)}; }
  static GlobalValue unsupported(std::string what) { return {Kind::Unsupported, 0, 0.0, std::move(what)}; }
  /// A str (a literal, or a global): numba's compile-time Literal[str].
  static GlobalValue ofString(std::string text) {
    GlobalValue v = unsupported("str");
    v.data = std::move(text);
    return v;
  }
  bool isString() const { return kind == Kind::Unsupported && name == "str"; }
  static GlobalValue ofDeviceFunction(const DeviceFunctionSource *fn) {
    GlobalValue v;
    v.kind = Kind::DeviceFunction;
    v.device = fn;
    return v;
  }
  static GlobalValue ofNamespace(std::string n, std::shared_ptr<const GlobalEnv> members) {
    GlobalValue v{Kind::Namespace, 0, 0.0, std::move(n)};
    v.members = std::move(members);
    return v;
  }
};

/// Name -> value for the globals (and closure variables) a kernel refers to.
/// Names absent here resolve to Python builtins (`range`, `abs`, ...).
class GlobalEnv {
public:
  void set(std::string name, GlobalValue value) { values[std::move(name)] = std::move(value); }
  const GlobalValue *lookup(llvm::StringRef name) const {
    auto it = values.find(name);
    return it == values.end() ? nullptr : &it->second;
  }
  const std::map<std::string, GlobalValue, std::less<>> &all() const { return values; }

private:
  std::map<std::string, GlobalValue, std::less<>> values;
};

/// A device function as the compiler receives it: its own source text (it
/// may live in another file than the kernel) and its own globals.
/// A device function's globals also hold its parameters' default values, as
/// Python evaluated them, under this prefix and the parameter's name.
inline constexpr const char *kDefaultPrefix = "<default>";
/// An overloaded method (numba's overload_method) `name` a function's code
/// calls (`x.name(...)`) is a global under this prefix and its name: an
/// overloaded function (DeviceFunctionSource::overload) whose stub takes
/// the object first: the typing function's parameters where one is
/// registered for the name, else `def name(self, *args)`.
inline constexpr const char *kOverloadMethodPrefix = "<method>";
/// An overloaded attribute (numba's overload_attribute) `name` (`x.name`):
/// as a method, its implementation called with x alone.
inline constexpr const char *kOverloadAttributePrefix = "<attribute>";
/// A variant error (DeviceFunctionSource::variantErrors) of an overloaded
/// method or attribute that starts with this: no registration is for the
/// object's type, so the name means what it means without the overload
/// (pyjit's own error for it is reported).
inline constexpr const char *kNotRegisteredMark = "<not registered>";

struct DeviceFunctionSource {
  std::string name;
  std::unique_ptr<SourceFile> source;
  GlobalEnv globals;
  /// The signatures given to the decorator (`int32(int32, float32)`), or
  /// none: a call takes the one matching its arguments best (numba's
  /// rating) and converts its arguments and result to its types.
  std::vector<std::string> signatures;
  /// Non-empty: the function must return None, and this says why in its
  /// error (a gufunc's function writes its outputs: numba compiles it as
  /// `void(...)`).
  std::string returnsNothing;
  /// An overloaded function (numba's @overload): non-empty, its name for the
  /// Python side, which runs the overload's typing function for the types
  /// of a call. `source` is then a stub def with the typing function's
  /// parameters (binding a call's arguments), and a call takes the variant
  /// for its argument types: key overloadKey(...) -> the implementation, or
  /// -> why there is none (`variantErrors`). A key not yet in either is
  /// added to `wanted`, and the call fails: the Python side resolves the
  /// wanted keys and compiles again.
  std::string overload;
  std::map<std::string, const DeviceFunctionSource *> variants;
  std::map<std::string, std::string> variantErrors;
  mutable std::vector<std::string> wanted;
};

/// The key of a call's argument types for DeviceFunctionSource::variants:
/// per parameter of the typing function, in order, the type's spelling
/// (Type::str), followed by a tab and the value for an int or bool known
/// when compiling, or "-" for a parameter the call leaves out, or for a
/// `*args` parameter "*" and the tuple type of what it takes; joined by "\n".
inline std::string overloadKey(llvm::ArrayRef<std::string> perParameter) {
  std::string key;
  for (size_t i = 0; i < perParameter.size(); ++i)
    key += (i ? "\n" : "") + perParameter[i];
  return key;
}

/// Owns the DeviceFunctionSources that GlobalValues of one compilation
/// point to (device functions may refer to each other, or to themselves).
using DeviceFunctionTable = std::vector<std::unique_ptr<DeviceFunctionSource>>;

} // namespace pyjit::ir

#endif
