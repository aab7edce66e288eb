//===- InferCalls.cpp - Typing of calls: builtins, math, cuda, device functions ===//
#include "pyjit/ir/Coop.h"
#include <array>
#include "Bf16Functions.h"
#include "Inferer.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/SaveAndRestore.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "pyjit/ir/Signature.h"
#include "CallArgs.h"
#include "NumpyUfuncs.h"
#include "ExternSignature.h"
#include "pyjit/ir/Libdevice.h"
#include "pyjit/ir/MathFunctions.h"
#include "pyjit/ir/CMathFunctions.h"
#include "pyjit/ir/VectorTypes.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>

using namespace pyjit;
using namespace pyjit::ir;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace pyjit::ir::detail {

const llvm::StringSet<> &pythonBuiltins() {
  static const llvm::StringSet<> names = {"range", "abs", "min", "max", "int", "float",
                                          "bool", "len", "round", "enumerate", "zip", "print", "complex",
                                          "pow", "divmod", "sum", "any", "all", "tuple",
                                          "isinstance", "slice", "type", "ord", "hasattr",
                                          "iter", "next"};
  return names;
}

// NumPy's scalar math functions that numba.cuda accepts, by their math name.
std::optional<std::string> numpyMathName(llvm::StringRef attr) {
  static const std::pair<const char *, const char *> aliases[] = {
      {"arccos", "acos"},   {"arccosh", "acosh"}, {"arcsin", "asin"}, {"arcsinh", "asinh"},
      {"arctan", "atan"},   {"arctanh", "atanh"}, {"arctan2", "atan2"}, {"absolute", "fabs"},
      {"power", "pow"},     {"deg2rad", "radians"}, {"rad2deg", "degrees"},
      {"floor", "np.floor"}, {"ceil", "np.ceil"}, {"trunc", "np.trunc"}, {"rint", "np.rint"}};
  for (auto [from, to] : aliases)
    if (attr == from)
      return std::string(to);
  if (lookupMathFn(attr) && attr != "gamma" && attr != "lgamma" && attr != "round")
    return attr.str();
  return std::nullopt;
}

/// Whether a device function's result of type `got` converts to its
/// declared result type `want` (IRGen::call converts it): equal types; a
/// number to another, not a complex one to a real one; None or a number to
/// an Optional of a number; tuples of one length element by element.
static bool convertsToDeclared(Type *got, Type *want) {
  if (got == want)
    return true;
  if (got->isScalar() && want->isScalar())
    return !(isa<ComplexType>(got) && !isa<ComplexType>(want));
  if (auto *wo = dyn_cast<OptionalType>(want)) { // None, or a number (Optional or not)
    if (isa<NoneType>(got))
      return true;
    if (auto *go = dyn_cast<OptionalType>(got))
      got = go->inner();
    return got->isScalar() && wo->inner()->isScalar() && convertsToDeclared(got, wo->inner());
  }
  auto *gt = dyn_cast<TupleType>(got), *wt = dyn_cast<TupleType>(want);
  if (!gt || !wt || gt->size() != wt->size())
    return false;
  for (size_t i = 0; i < wt->size(); ++i)
    if (!convertsToDeclared(gt->elements()[i], wt->elements()[i]))
      return false;
  return true;
}

/// A weak integer literal outside the promoted integer type (max(i8, 300))
/// makes the result int64, as numba types it, instead of wrapping the literal.

static Type *fitLiterals(TypeContext &ctx, Type *t, llvm::ArrayRef<ExprInfo> args) {
  auto *it = dyn_cast<IntType>(t);
  if (!it || it->bits() == 64)
    return t;
  int64_t lo = it->isSigned() ? -(int64_t(1) << (it->bits() - 1)) : 0;
  int64_t hi = it->isSigned() ? (int64_t(1) << (it->bits() - 1)) - 1
                              : (int64_t(1) << it->bits()) - 1;
  for (const ExprInfo &a : args)
    if (a.weak && a.constant && a.constant->kind == GlobalValue::Kind::Int &&
        (a.constant->i < lo || a.constant->i > hi))
      return ctx.int64();
  return t;
}

unsigned fp16Arity(llvm::StringRef name) {
  return llvm::StringSwitch<unsigned>(name)
      .Cases({"hadd", "hsub", "hmul", "hdiv", "hmax", "hmin"}, 2)
      .Cases({"heq", "hne", "hge", "hgt", "hle", "hlt"}, 2)
      .Case("hfma", 3)
      .Cases({"hneg", "habs", "hsin", "hcos", "hlog", "hlog10", "hlog2", "hexp"}, 1)
      .Cases({"hexp10", "hexp2", "hsqrt", "hrsqrt", "hrcp", "hceil", "hfloor", "hrint"}, 1)
      .Cases({"htrunc", "htanh", "htanh_approx"}, 1)
      .Default(0);
}

/// A NumPy dtype string a kernel may name: 'float32', 'f4', '<f4', 'f', 'd',
/// 'double', 'intp', ... (np.dtype's spellings of the supported types, in
/// native byte order); null for others.
static Type *dtypeByString(TypeContext &ctx, llvm::StringRef text) {
  llvm::StringRef s = text;
  if (s.size() > 1 && (s[0] == '<' || s[0] == '=' || s[0] == '|'))
    s = s.drop_front(); // this machine's order (x86 and the GPU are little-endian)
  static const std::pair<const char *, const char *> aliases[] = {
      {"?", "bool"},      {"b", "int8"},       {"B", "uint8"},     {"h", "int16"},
      {"H", "uint16"},    {"i", "int32"},      {"I", "uint32"},    {"l", "int64"},
      {"L", "uint64"},    {"q", "int64"},      {"Q", "uint64"},    {"e", "float16"},
      {"f", "float32"},   {"d", "float64"},    {"F", "complex64"}, {"D", "complex128"},
      {"float", "float64"}, {"int", "int64"},  {"uint", "uint64"}, {"intp", "int64"},
      {"uintp", "uint64"}, {"half", "float16"}, {"single", "float32"},
      {"double", "float64"}, {"longlong", "int64"}, {"ulonglong", "uint64"},
      {"short", "int16"}, {"ushort", "uint16"}, {"intc", "int32"}, {"uintc", "uint32"},
      {"byte", "int8"}, {"ubyte", "uint8"}, {"csingle", "complex64"},
      {"cdouble", "complex128"}, {"bool_", "bool"}};
  for (auto [from, to] : aliases)
    if (s == from)
      return ctx.scalarByName(to);
  return ctx.scalarByName(s);
}

Type *Inferer::dtypeOperand(const ExprInfo &d) {
  if (auto *bt = llvm::dyn_cast_or_null<BuiltinType>(d.type);
      bt && bt->path().starts_with("dtype."))
    return ctx.scalarByName(bt->path().drop_front(6));
  if (d.constant && d.constant->isString() && d.constant->dtype != "bytes")
    return dtypeByString(ctx, d.constant->data);
  return nullptr;
}

bool isNumpyScalarFunction(llvm::StringRef attr) {
  return llvm::is_contained({"minimum", "maximum", "fmin", "fmax", "sign", "square", "negative",
                             "signbit", "logaddexp", "logaddexp2", "reciprocal", "gcd", "lcm",
                             "nextafter", "spacing", "heaviside", "float_power", "isnat",
                             "fmod", "clip", "sinc"},
                            attr);
}

unsigned numpyScalarArity(llvm::StringRef name) {
  if (name == "clip")
    return 3;
  return llvm::is_contained({"minimum", "maximum", "fmin", "fmax", "logaddexp", "logaddexp2",
                             "gcd", "lcm", "nextafter", "heaviside", "float_power", "fmod"},
                            name)
             ? 2
             : 1;
}

ExprInfo Inferer::arrayUfunc(const CallExpr &e, llvm::StringRef path,
                             const std::vector<ExprInfo> &args) {
  // np.sin(x, out), np.add(x, y, out=out): element by element into out (a
  // kernel cannot make the array a ufunc would return without one).
  std::optional<NumpyOperatorUfunc> op;
  std::optional<MathFn> mf;
  bool scalarFn = path == "abs" || (path.starts_with("numpy.") && !path.starts_with("numpy.m."));
  llvm::StringRef name;
  if (path.starts_with("numpy.op.")) {
    name = path.drop_front(9);
    op = numpyOperatorUfunc(name);
    scalarFn = false;
  } else if (scalarFn) {
    name = path == "abs" ? path : path.drop_front(6);
  } else {
    name = path.drop_front(path.starts_with("numpy.m.") ? 8 : 5);
    mf = lookupMathFn(name);
  }
  std::string spelled = "np." + name.str() + "()";
  if (!op && !mf && !scalarFn) {
    error(e.range(), spelled + " of arrays is not supported in kernels");
    return {};
  }
  unsigned arity = op ? op->arity() : mf ? mathFnInfo(*mf).arity : numpyScalarArity(name);
  const Expr *outExpr = nullptr;
  ExprInfo outInfo;
  for (const Keyword &k : e.keywords) {
    if (k.name != "out") {
      error(k.range, spelled + " takes only out= as a keyword in kernels");
      return {};
    }
    outExpr = k.value.get();
    outInfo = expr(*outExpr);
    if (!outInfo.type)
      return {};
  }
  if (!outExpr && args.size() == arity + 1) {
    outExpr = e.args[arity].get();
    outInfo = args[arity];
  }
  if (args.size() != arity + (outExpr && e.keywords.empty() ? 1 : 0)) {
    error(e.range(), spelled + " takes " + llvm::Twine(arity) + " input" +
                         (arity == 1 ? "" : "s") + " and an output array in kernels");
    return {};
  }
  auto *out = outExpr ? dyn_cast<ArrayType>(outInfo.type) : nullptr;
  if (!out && !outExpr && path.starts_with("math.")) {
    auto arg = llvm::find_if(args, [](const ExprInfo &a) { return isa<ArrayType>(a.type); });
    error(e.range(), path.str() + "() takes numbers, not " + typeName(arg->type) +
                         ": np." + name.str() +
                         (arity == 1 ? "(x, out)" : arity == 2 ? "(x, y, out)" : "(x, lo, hi, out)") +
                         " applies it to each element, into an output array");
    return {};
  }
  if (!out) {
    error(outExpr ? outExpr->range() : e.range(),
          spelled + " of arrays in a kernel writes its result into an output array "
                    "(np." + name.str() +
                    (arity == 1 ? "(x, out)" : arity == 2 ? "(x, y, out)" : "(x, lo, hi, out)") +
                    " or out=out): a kernel cannot make a new one");
    return {};
  }
  if (out->readonly()) {
    readOnlyError(outExpr->range(), out, *outExpr);
    return {};
  }
  if (!out->dtype()->isScalar()) {
    error(outExpr->range(), spelled + " writes numbers: its output cannot be an array of " +
                                typeName(out->dtype()));
    return {};
  }
  std::vector<ExprInfo> elems;
  for (unsigned i = 0; i < arity; ++i) {
    if (auto *at = dyn_cast<ArrayType>(args[i].type)) {
      if (at->ndim() > out->ndim()) {
        // NumPy broadcasts the inputs to out's shape (an extent of 1 or
        // out's; missing leading dimensions), never out to the inputs'.
        error(e.args[i]->range(), spelled + " in kernels broadcasts its inputs to the output's " +
                                      llvm::Twine(out->ndim()) + " dimension" +
                                      (out->ndim() == 1 ? "" : "s") + ", which " + typeName(at) +
                                      " has more than");
        return {};
      }
      // (Datetimes go on to the scalar function's rules: np.isnat takes them.)
      if (!at->dtype()->isScalar() && !(scalarFn && isa<DatetimeType>(at->dtype()))) {
        error(e.args[i]->range(), spelled + " takes arrays of numbers, not " + typeName(at));
        return {};
      }
      elems.push_back(ExprInfo{at->dtype()});
    } else if (args[i].type->isScalar() || isa<DatetimeType>(args[i].type) ||
               (name == "clip" && i > 0 && isa<NoneType>(args[i].type))) { // (one-sided)
      elems.push_back(args[i]);
    } else {
      error(e.args[i]->range(), spelled + " takes arrays or numbers, not " +
                                    typeName(args[i].type));
      return {};
    }
  }
  Type *element = nullptr;
  if (scalarFn) {
    ExprInfo r = numpyScalarCall(e, path, elems);
    if (!r.type)
      return {};
    element = r.type;
  } else if (op) {
    // The scalar rules of the ufunc, on one element of each input.
    std::vector<ExprInfo> scalarArgs(elems);
    ExprInfo r = numpyOperatorCall(e, *op, scalarArgs, path, /*elementwise=*/true);
    if (!r.type)
      return {};
    element = r.type;
  } else {
    std::vector<TypedOperand> ops;
    bool complex = false;
    for (const ExprInfo &x : elems) {
      complex |= isa<ComplexType>(x.type);
      ops.push_back(operandOf(x));
    }
    if (complex) {
      // np.sin(z, out) of complex numbers: cmath's function per element (as
      // the scalar np.sin(z) is), for those of one complex value to another.
      std::optional<CMathFn> cf = path.starts_with("numpy.m.") ? lookupCMathFn(name)
                                                                : std::nullopt;
      if (!cf || arity != 1 || cmathFnInfo(*cf).result != CMathFnInfo::Result::Complex) {
        error(e.range(), spelled + " of complex arrays is not supported in kernels");
        return {};
      }
      element = cmathResultType(ctx, *cf, cmathOperandType(ctx, ops));
    } else {
      element = mathResultType(ctx, *mf,
                               mathOperandType(ctx, *mf, ops, path.starts_with("numpy.m.")));
    }
  }
  if (isa<ComplexType>(element) && !isa<ComplexType>(out->dtype())) {
    error(outExpr->range(), spelled + " gives complex numbers, which an array of " +
                                typeName(out->dtype()) + " cannot hold");
    return {};
  }
  result.ufuncElements[&e] = element;
  return ExprInfo{out};
}

bool isArrayReduction(llvm::StringRef name) {
  return llvm::is_contained({"sum", "prod", "min", "max", "mean", "var", "std", "argmin",
                             "argmax", "all", "any"},
                            name);
}

bool isNanReduction(llvm::StringRef name) {
  return llvm::is_contained({"nansum", "nanprod", "nanmin", "nanmax", "nanmean", "nanvar",
                             "nanstd"},
                            name);
}

Type *arrayReductionType(TypeContext &ctx, llvm::StringRef name, Type *dtype) {
  if (name == "ptp") // max - min in the dtype (NumPy's; bools cannot subtract)
    return isa<IntType, FloatType>(dtype) ? dtype : nullptr;
  if (name == "all" || name == "any")
    return isa<RecordType>(dtype) ? nullptr : ctx.boolean();
  if (name == "count_nonzero") // the elements whose truth is True
    return isa<RecordType>(dtype) ? nullptr : ctx.int64();
  if (name == "average") // np.average(a) without weights: the mean
    name = "mean";
  if (name == "trace") // the diagonal's sum (2-d: checked by the caller)
    name = "sum";
  name.consume_front("nan"); // NaNs skipped: the same types
  // (complex numbers in NumPy's lexicographic order: real parts, then imaginary)
  if (name == "argmin" || name == "argmax")
    return isa<RecordType>(dtype) ? nullptr : ctx.int64();
  if (name == "min" || name == "max")
    return isa<RecordType>(dtype) ? nullptr : dtype;
  if (name == "sum" || name == "prod") {
    if (isa<BoolType>(dtype))
      return ctx.int64();
    if (auto *it = dyn_cast<IntType>(dtype))
      return ctx.intTy(64, it->isSigned());
    return isa<RecordType>(dtype) ? nullptr : dtype;
  }
  // mean, var, std (numba-cuda's: the sum divided by the size in float64,
  // so float64 for integers, bools and float32, complex128 for a complex
  // mean; var and std are real). float16 and bfloat16 stay themselves
  // (NumPy's; numba-cuda's float16 mean is float64 of a float16 sum).
  if (isa<BoolType, IntType>(dtype))
    return ctx.float64();
  if (isa<ComplexType>(dtype))
    return name == "mean" ? static_cast<Type *>(ctx.complexTy(128)) : ctx.float64();
  if (auto *ft = dyn_cast<FloatType>(dtype))
    return ft->bits() == 16 ? dtype : ctx.float64();
  return nullptr;
}

// The callee of a call, copied for a StarCall: a name or an attribute
// chain (complex, math.hypot, cuda.fp16.hfma); null for anything else.
static ExprPtr copyCallee(const Expr &e) {
  return isa<NameExpr, AttributeExpr>(e) ? copyPureExpr(e) : nullptr;
}

/// The arguments of \p call for parameters \p fields, by position (\p self,
/// a method's object, first) then by keyword (null where none is given), or
/// none after an error: an unknown or repeated keyword, too many arguments,
/// or fewer than the first \p required.
std::optional<std::vector<const Expr *>>
Inferer::bindParameters(const CallExpr &call, llvm::ArrayRef<llvm::StringRef> fields,
                        size_t required, const std::string &spelled, const Expr *self) {
  size_t positional = call.args.size() + (self ? 1 : 0);
  for (const Keyword &k : call.keywords)
    if (!llvm::is_contained(fields.drop_front(self ? 1 : 0), k.name) ||
        llvm::is_contained(fields.take_front(positional), k.name)) {
      error(k.range, spelled + " got an unexpected or repeated keyword '" + k.name + "'");
      return std::nullopt;
    }
  std::vector<const Expr *> bound = detail::namedTupleArguments(call, fields, self);
  if (positional > fields.size() ||
      llvm::any_of(llvm::ArrayRef(bound).take_front(required), [](const Expr *x) { return !x; })) {
    error(call.range(), spelled + " takes " + llvm::join(fields.drop_front(self ? 1 : 0), ", ") +
                            " (the first " + std::to_string(required) + " required)");
    return std::nullopt;
  }
  return bound;
}

/// Records \p call as the rewriting of \p e (TypedFunction::StarCall),
/// keeping the one of an earlier typing pass alive.
void Inferer::rewrittenCall(const CallExpr &e, TypedFunction::StarCall call) {
  if (auto it = result.starCalls.find(&e); it != result.starCalls.end())
    result.replacedCalls.push_back(std::move(it->second.call));
  result.starCalls[&e] = std::move(call);
}

/// "$<kind><line>:<col>." for the temporaries of AST node \p node, written at \p r;
/// a second node at the same place (a copy of literal_unroll's) gets
/// "$<kind><line>:<col>#1." and so on, the same in every typing pass.
std::string Inferer::tempPrefix(llvm::StringRef kind, const void *node, SourceRange r) {
  auto [it, added] = tempPrefixes.try_emplace(node);
  if (added) {
    std::string at = "$" + kind.str() + std::to_string(r.begin.line) + ":" +
                     std::to_string(r.begin.col);
    unsigned n = tempPrefixUses[at]++;
    it->second = at + (n ? "#" + std::to_string(n) : "") + ".";
  }
  return it->second;
}

/// The temporary \p name that holds an argument of \p call (typed \p v,
/// written at \p range) for starCall and operatorFormCall; a constant stays one
/// in the call ((1, 5) in range(*(1, 5)), getitem(t, 1)).
std::string Inferer::argumentTemp(const std::string &name, const ExprInfo &v, SourceRange range,
                                  const CallExpr &call) {
  localNames.insert(name);
  assignVar(name, v.type, range);
  if (v.constant)
    constantLocals[name] = {v, call.range().begin};
  return name;
}

/// Argument \p arg of \p call (of a StarCall or a loop's rewritten call)
/// into temporary \p temp, recorded in \p into, and passed in \p args as
/// the temporary or, for `*t`, as t's elements t[0], t[1], ... False after
/// an error: \p valuesError (", not T" follows) for a value no temporary
/// holds (a function, a dtype), or a '*' of no tuple.
bool Inferer::spreadArgument(const Expr &arg, const CallExpr &call, const std::string &temp,
                             TypedFunction::StarCall &into, std::vector<ExprPtr> &args,
                             llvm::StringRef valuesError) {
  auto *starred = dyn_cast<StarredExpr>(&arg);
  const Expr &value = starred ? *starred->value : arg;
  ExprInfo v = valueOf(value, expr(value));
  if (!v.type)
    return false;
  if (!isVariableType(v.type)) {
    error(value.range(), valuesError + ", not " + typeName(v.type));
    return false;
  }
  auto *tt = dyn_cast<TupleType>(v.type);
  SourceRange r = arg.range();
  if (starred && !tt) {
    error(r, "'*' unpacks a tuple here, not a value of type " + typeName(v.type));
    return false;
  }
  into.temps.push_back({&value, argumentTemp(temp, v, value.range(), call)});
  if (!starred) {
    args.push_back(std::make_unique<NameExpr>(r, temp));
    return true;
  }
  for (size_t k = 0; k < tt->size(); ++k)
    args.push_back(std::make_unique<SubscriptExpr>(
        r, std::make_unique<NameExpr>(r, temp),
        std::make_unique<IntLitExpr>(r, static_cast<int64_t>(k))));
  return true;
}

ExprInfo Inferer::starCall(const CallExpr &e) {
  // f(a, *t, k=v) of a built-in or a named tuple class (device functions
  // bind `*t` themselves): the arguments into temporaries, the positional
  // ones first (as Python evaluates them, each once, in order), then f
  // called with them, t spread, and the keywords by name.
  std::unique_ptr<Expr> callee = copyCallee(*e.callee);
  if (!callee) {
    error(e.callee->range(), "'*' unpacking is supported in calls of device functions and of "
                             "functions named directly (complex(*t), math.hypot(*t))");
    return {};
  }
  TypedFunction::StarCall star;
  std::vector<ExprPtr> args;
  std::string prefix = tempPrefix("star", &e, e.range());
  for (size_t i = 0; i < e.args.size(); ++i) {
    if (auto *str = dyn_cast<StrLitExpr>(e.args[i].get())) { // print(*t, "text"): as it is
      result.exprs[str] = ExprInfo{ctx.none()};
      args.push_back(std::make_unique<StrLitExpr>(str->range(), str->value));
      star.temps.push_back({str, ""});
      continue;
    }
    if (!spreadArgument(*e.args[i], e, prefix + std::to_string(i), star, args,
                        "in a call with '*' unpacking, the arguments must be values (numbers, "
                        "arrays, tuples of them)"))
      return {};
  }
  std::vector<Keyword> keywords;
  for (size_t i = 0; i < e.keywords.size(); ++i) {
    const Keyword &k = e.keywords[i];
    if (auto *str = dyn_cast<StrLitExpr>(k.value.get())) { // side="right": as it is
      result.exprs[str] = ExprInfo{ctx.none()};
      keywords.push_back({k.name, k.range, std::make_unique<StrLitExpr>(str->range(), str->value,
                                                                        str->bytes)});
      star.temps.push_back({str, ""});
      continue;
    }
    std::vector<ExprPtr> value;
    if (!spreadArgument(*k.value, e, prefix + "k" + std::to_string(i), star, value,
                        "in a call with '*' unpacking, the arguments must be values (numbers, "
                        "arrays, tuples of them)"))
      return {};
    keywords.push_back({k.name, k.range, std::move(value.front())});
  }
  star.call = std::make_unique<CallExpr>(e.range(), std::move(callee), std::move(args),
                                         std::move(keywords));
  const Expr &spread = *star.call;
  rewrittenCall(e, std::move(star));
  return expr(spread);
}

/// enumerate(x, start=k): \p call, named \p name, with `start=` its one keyword.
static bool startKeyword(const CallExpr &call, llvm::StringRef name) {
  return name == "enumerate" && call.keywords.size() == 1 && call.keywords[0].name == "start";
}

/// Whether \p call, a `for` loop's iterable, is zip() or enumerate() with a
/// '*' argument, directly or in a zip() or enumerate() argument.
bool Inferer::spreadsInLoop(const CallExpr &call) {
  std::string name = loopBuiltin(call);
  if (name != "zip" && name != "enumerate")
    return false;
  if (startKeyword(call, name))
    return true; // enumerate(x, start=1): rewritten, start passed by position
  return llvm::any_of(call.args, [&](const ExprPtr &a) {
    auto *inner = dyn_cast<CallExpr>(a.get());
    return isa<StarredExpr>(*a) || (inner && spreadsInLoop(*inner));
  });
}

/// `for .. in zip(a, *t)` (enumerate(*t), enumerate(zip(*t), 1)): the
/// iterable rewritten with its arguments in temporaries, each `*t` spread
/// (TypedFunction::loopCalls); null after an error.
const Expr *Inferer::starredLoopCall(const ForStmt &f, const CallExpr &call) {
  TypedFunction::StarCall loop;
  unsigned counter = 0;
  std::string prefix = tempPrefix("loop", &f, f.range());
  loop.call = spreadLoopCall(call, loop, prefix, counter);
  if (!loop.call)
    return nullptr;
  const Expr *rewritten = loop.call.get();
  if (auto it = result.loopCalls.find(&f); it != result.loopCalls.end())
    result.replacedCalls.push_back(std::move(it->second.call)); // (an earlier pass's)
  result.loopCalls[&f] = std::move(loop);
  return rewritten;
}

std::unique_ptr<CallExpr> Inferer::spreadLoopCall(const CallExpr &call,
                                                  TypedFunction::StarCall &loop,
                                                  const std::string &prefix, unsigned &counter) {
  std::string name = loopBuiltin(call);
  bool start = startKeyword(call, name);
  if (!call.keywords.empty() && !start) {
    error(call.keywords[0].range, name + "() keyword arguments are not supported in kernels" +
                                      (name == "enumerate" ? " (but for start=)" : ""));
    return nullptr;
  }
  std::vector<const Expr *> order;
  for (const ExprPtr &a : call.args)
    order.push_back(a.get());
  if (start)
    order.push_back(call.keywords[0].value.get()); // (after the iterable, as Python runs it)
  std::vector<ExprPtr> args;
  for (const Expr *a : order) {
    std::string inner = isa<CallExpr>(*a) ? loopBuiltin(*a) : "";
    if (inner == "zip" || inner == "enumerate") { // enumerate(zip(*t)): spread inside
      std::unique_ptr<CallExpr> spread =
          spreadLoopCall(cast<CallExpr>(*a), loop, prefix, counter);
      if (!spread)
        return nullptr;
      args.push_back(std::move(spread));
      continue;
    }
    if (!spreadArgument(*a, call, prefix + std::to_string(counter++), loop, args,
                        "the arguments of " + name + "() in a 'for' loop must be values "
                        "(arrays, ranges, tuples, numbers)"))
      return nullptr;
  }
  return std::make_unique<CallExpr>(call.range(), copyCallee(*call.callee), std::move(args),
                                    std::vector<Keyword>{});
}

ExprInfo Inferer::positionalCall(const CallExpr &e, llvm::StringRef path, const Expr *self,
                                 llvm::ArrayRef<const Expr *> bound, const std::string &spelled) {
  // np.clip(x, a_max=1.0), a.clip(0.0, 1.0, out): each argument evaluated
  // once, in Python's order (the object, the positional ones, the keywords
  // as written), into a temporary, then the function called with them by
  // position: \p bound, None where null. ('*' arguments were spread by
  // starCall first.)
  TypedFunction::StarCall call;
  std::string prefix = tempPrefix("args", &e, e.range());
  std::vector<const Expr *> order;
  if (self)
    order.push_back(self);
  for (const ExprPtr &a : e.args)
    order.push_back(a.get());
  for (const Keyword &k : e.keywords)
    order.push_back(k.value.get());
  std::map<const Expr *, std::string> temps;
  for (const Expr *a : order) {
    auto typed = result.exprs.find(a); // (the object and positional ones are typed already)
    ExprInfo v = valueOf(*a, typed != result.exprs.end() ? typed->second : expr(*a));
    if (!v.type)
      return {};
    if (!isVariableType(v.type)) {
      error(a->range(), spelled + " takes numbers and arrays, not " + typeName(v.type));
      return {};
    }
    temps[a] = argumentTemp(prefix + std::to_string(call.temps.size()), v, a->range(), e);
    call.temps.push_back({a, temps[a]});
  }
  std::string callee = "$callee." + path.str();
  constantLocals[callee] = {ExprInfo{ctx.builtin(path.str())}, e.range().begin};
  std::vector<ExprPtr> args;
  for (const Expr *a : bound) {
    if (a)
      args.push_back(std::make_unique<NameExpr>(a->range(), temps[a]));
    else
      args.push_back(std::make_unique<NoneLitExpr>(e.range()));
  }
  call.call = std::make_unique<CallExpr>(e.range(), std::make_unique<NameExpr>(e.range(), callee),
                                         std::move(args), std::vector<Keyword>{});
  const Expr &positional = *call.call;
  rewrittenCall(e, std::move(call));
  return expr(positional);
}

ExprInfo Inferer::operatorFormCall(const CallExpr &e, llvm::StringRef name) {
  // Python's operator module (its docs give each one's syntax):
  // getitem(a, i) is a[i], setitem(a, i, v) is a[i] = v, is_(a, b) is
  // `a is b`, is_not(a, b) is `a is not b` and contains(a, b) is `b in a`.
  // Each argument is evaluated once, in order, into a temporary (as
  // starCall's); the rewritten expression reads the temporaries.
  size_t arity = name == "setitem" ? 3 : 2;
  std::string what = "operator." + name.str() + "()";
  if (!e.keywords.empty()) {
    error(e.keywords[0].range, what + " takes no keyword arguments");
    return {};
  }
  if (e.args.size() != arity) {
    error(e.range(), what + " takes " +
                         (name == "setitem" ? "three arguments, the object, the index and the value"
                          : name == "getitem" ? "two arguments, the object and the index"
                                              : "two arguments"));
    return {};
  }
  TypedFunction::StarCall rewritten;
  std::string prefix = tempPrefix(name, &e, e.range());
  std::vector<ExprPtr> names;
  ExprInfo stored; // setitem's value
  bool identity = name == "is_" || name == "is_not";
  for (size_t i = 0; i < arity; ++i) {
    bool index = name.ends_with("item") && i == 1;
    if (index && isa<EllipsisExpr>(*e.args[i])) { // setitem(a, ..., v): a[...] = v
      names.push_back(std::make_unique<EllipsisExpr>(e.args[i]->range()));
      rewritten.temps.push_back({e.args[i].get(), ""});
      result.exprs[e.args[i].get()] = ExprInfo{ctx.none()};
      continue;
    }
    auto *tuple = index ? dyn_cast<TupleExpr>(e.args[i].get()) : nullptr;
    if (tuple && llvm::any_of(tuple->elts, [](const ExprPtr &x) { return isa<EllipsisExpr>(*x); }) &&
        llvm::none_of(tuple->elts, [](const ExprPtr &x) { return isa<StarredExpr>(*x); })) {
      // setitem(m, (0, ...), v): m[0, ...] = v, the other elements each in
      // a temporary of its own, in order (no tuple value holds a `...`).
      std::vector<ExprPtr> elements;
      for (size_t k = 0; k < tuple->elts.size(); ++k) {
        const Expr &x = *tuple->elts[k];
        if (isa<EllipsisExpr>(x)) {
          elements.push_back(std::make_unique<EllipsisExpr>(x.range()));
          result.exprs[&x] = ExprInfo{ctx.none()};
          continue;
        }
        ExprInfo v = valueOf(x, expr(x));
        if (!v.type)
          return {};
        if (!isVariableType(v.type)) {
          error(x.range(), what + " of an index holding " + aTypeName(v.type) +
                               " (an index is a number, a slice or a tuple of them)");
          return {};
        }
        std::string temp = argumentTemp(prefix + "1." + std::to_string(k), v, x.range(), e);
        rewritten.temps.push_back({&x, temp});
        elements.push_back(std::make_unique<NameExpr>(x.range(), temp));
      }
      result.exprs[e.args[i].get()] = ExprInfo{ctx.none()};
      names.push_back(std::make_unique<TupleExpr>(e.args[i]->range(), std::move(elements)));
      continue;
    }
    if (identity) // (`y is None` of a y that may be None: its Optional, as the syntax's)
      keepOptional = e.args[i].get();
    ExprInfo v = valueOf(*e.args[i], expr(*e.args[i]));
    if (!v.type)
      return {};
    if (v.constant && v.constant->isString()) {
      // A string constant (a record's field name, 'b' in "abc"): written in
      // as a literal, as the syntax has it (no temporary holds one).
      names.push_back(std::make_unique<StrLitExpr>(e.args[i]->range(), v.constant->data,
                                                   v.constant->dtype == "bytes"));
      rewritten.temps.push_back({e.args[i].get(), ""});
      if (i == 2)
        stored = v;
      continue;
    }
    if (!isVariableType(v.type)) {
      error(e.args[i]->range(), what + " of " + aTypeName(v.type) +
                                    (name.ends_with("item") && i == 0
                                         ? " (it indexes arrays and tuples)"
                                     : index ? " (an index is a number, a slice or a tuple of them)"
                                             : " (it takes values)"));
      return {};
    }
    std::string temp = argumentTemp(prefix + std::to_string(i), v, e.args[i]->range(), e);
    rewritten.temps.push_back({e.args[i].get(), temp});
    names.push_back(std::make_unique<NameExpr>(e.args[i]->range(), temp));
    if (i == 2)
      stored = v;
  }
  SourceRange r = e.range();
  if (name == "getitem" || name == "setitem") {
    rewritten.call = std::make_unique<SubscriptExpr>(r, std::move(names[0]), std::move(names[1]));
  } else {
    CompareOp op = name == "is_" ? CompareOp::Is : name == "is_not" ? CompareOp::IsNot
                                                                   : CompareOp::In;
    if (op == CompareOp::In) // contains(a, b) is `b in a`
      std::swap(names[0], names[1]);
    rewritten.call = std::make_unique<CompareExpr>(r, std::vector<CompareOp>{op}, std::move(names));
  }
  const Expr &call = *rewritten.call;
  rewritten.store = name == "setitem";
  rewrittenCall(e, std::move(rewritten));
  if (name != "setitem")
    return expr(call);
  assignTo(call, stored, e.args[2]->range());
  return ExprInfo{ctx.none()};
}

/// numba's pointer functions: carray(p, shape, dtype=None) and farray (a C
/// or Fortran array of `shape` over pointer p's items; dtype, if given, must
/// be p's), and cffi's ffi.from_buffer(a) (the pointer to array a's data).
ExprInfo Inferer::pointerCall(const CallExpr &e, llvm::StringRef path,
                              llvm::ArrayRef<ExprInfo> args) {
  if (path == "ffi.from_buffer") {
    auto *at = args.size() == 1 ? dyn_cast<ArrayType>(args[0].type) : nullptr;
    if (!at || at->isPointer() || !at->dtype()->isScalar() || !e.keywords.empty()) {
      error(e.range(), "ffi.from_buffer() takes one array of numbers in kernels, not " +
                           (args.size() == 1 ? typeName(args[0].type) : std::string("that")));
      return {};
    }
    // numba's: a contiguous buffer, and C layout beyond one dimension.
    if (at->layout() == Layout::A || (at->ndim() > 1 && at->layout() != Layout::C)) {
      error(e.args[0]->range(),
            "ffi.from_buffer() needs a contiguous array" +
                std::string(at->ndim() > 1 ? " of C layout" : "") + ", not " + typeName(at) +
                " (numba: from_buffer() unsupported on non-contiguous buffers)");
      return {};
    }
    return ExprInfo{ctx.pointer(at->dtype())};
  }
  const ExprPtr *dtypeArg = args.size() == 3 ? &e.args[2] : nullptr;
  for (const Keyword &k : e.keywords) {
    if (k.name != "dtype" || dtypeArg) {
      error(k.range, path + "() takes (pointer, shape, dtype=None)");
      return {};
    }
    dtypeArg = &k.value;
  }
  auto *pt = args.empty() ? nullptr : dyn_cast<ArrayType>(args[0].type);
  if (args.size() < 2 || args.size() > 3 || !pt || !pt->isPointer()) {
    error(e.range(), path + "() takes a pointer (a CPointer parameter, ffi.from_buffer(a)), a "
                            "shape and an optional dtype" +
                         (pt && !pt->isPointer() ? std::string(", not an array") : std::string()));
    return {};
  }
  unsigned ndim = 1;
  if (auto *tt = dyn_cast<TupleType>(args[1].type)) {
    ndim = static_cast<unsigned>(tt->size()); // (() gives a 0-d array, as NumPy's)
    if (!llvm::all_of(tt->elements(), [](Type *t) { return isa<IntType>(t); })) {
      error(e.args[1]->range(), path + "(): the shape is an int or a tuple of ints, "
                                       "not " + typeName(args[1].type));
      return {};
    }
  } else if (!isa<IntType>(args[1].type)) {
    error(e.args[1]->range(), path + "(): the shape is an int or a tuple of ints, "
                                     "not " + typeName(args[1].type));
    return {};
  }
  if (dtypeArg) {
    ExprInfo d = dtypeArg == &e.args[2] ? args[2] : expr(**dtypeArg);
    Type *want = dtypeOperand(d);
    if (want != pt->dtype()) {
      error((*dtypeArg)->range(), path + "(): dtype " + (want ? typeName(want) : typeName(d.type)) +
                                      " is not the pointer's, " + typeName(pt->dtype()));
      return {};
    }
  }
  return ExprInfo{
      ctx.array(pt->dtype(), ndim, path == "carray" || ndim == 0 ? Layout::C : Layout::F)};
}

std::optional<ExprInfo> Inferer::overloadedMethodCall(const CallExpr &e, ExprInfo &own) {
  auto *attr = dyn_cast<AttributeExpr>(e.callee.get());
  if (!attr || !registry)
    return std::nullopt;
  // (Asked of every method call and attribute typed: no heap string.)
  llvm::SmallString<48> key({kOverloadMethodPrefix, attr->attr});
  const GlobalValue *m = globals.lookup(key);
  if (!m || m->kind != GlobalValue::Kind::DeviceFunction)
    return std::nullopt;
  return overloadedUse(e, *attr, *m->device, "method", own);
}

std::optional<ExprInfo> Inferer::overloadedUse(const CallExpr &e, const AttributeExpr &attr,
                                               const DeviceFunctionSource &fn,
                                               llvm::StringRef kind, ExprInfo &own) {
  const Expr *object = attr.value.get();
  ExprInfo typed = expr(*object);
  ExprInfo base = valueOf(*object, typed);
  if (!base.type)
    return base.constant ? std::nullopt : std::optional<ExprInfo>(ExprInfo{}); // (pending)
  receivers[object] = typed;
  llvm::scope_exit forget([&] { receivers.erase(object); });
  if (hasOwnAttribute(attr, own)) {
    if (own.type)
      result.exprs[&attr] = own; // (the caller takes it instead of typing it again)
    return std::nullopt;
  }
  ExprInfo r = deviceCall(e, fn, object, kind);
  if (std::exchange(notRegistered, false))
    return std::nullopt; // not for this type: as without the overload
  return r;
}

bool Inferer::hasOwnAttribute(const AttributeExpr &e, ExprInfo &own) {
  Type *t = result.exprs.count(e.value.get()) ? result.exprs[e.value.get()].type : nullptr;
  if (!t || !passesToDeviceFunction(t) || isa<BuiltinType>(t))
    return true; // a module's function, a namespace's member: never overloaded
  // pyjit's own attribute first (a.sum(), z.conjugate(), a.shape): typed
  // quietly; where it has none, the overload (numba: the type's templates).
  bool wasFailed = failed, wasReporting = reporting;
  failed = reporting = false;
  own = attribute(e);
  bool has = own.type && !failed;
  failed = wasFailed;
  reporting = wasReporting;
  return has;
}

std::optional<ExprInfo> Inferer::overloadedAttribute(const AttributeExpr &e) {
  if (!registry)
    return std::nullopt;
  llvm::SmallString<48> key({kOverloadAttributePrefix, e.attr});
  const GlobalValue *m = globals.lookup(key);
  if (!m || m->kind != GlobalValue::Kind::DeviceFunction)
    return std::nullopt;
  std::shared_ptr<CallExpr> &call = result.attributeCalls[&e];
  if (!call) // `name()`, at the attribute's place
    call = std::make_shared<CallExpr>(e.range(), std::make_unique<NameExpr>(e.range(), e.attr),
                                      std::vector<ExprPtr>{}, std::vector<Keyword>{});
  ExprInfo own;
  std::optional<ExprInfo> r = overloadedUse(*call, e, *m->device, "attribute", own);
  if (!r && own.type)
    return own;
  if (r && r->type)
    result.exprs[call.get()] = *r;
  return r;
}

ExprInfo Inferer::call(const CallExpr &e) {
  // (A call's arguments make no whole number unless it converts them:
  // int(math.sqrt(x * 0.1)) warns; convertingToInt is set below.)
  llvm::SaveAndRestore<bool> notConverting(convertingToInt, false);
  ExprInfo own;
  if (std::optional<ExprInfo> r = overloadedMethodCall(e, own))
    return *r;
  ExprInfo callee = own.type ? own : expr(*e.callee);
  if (auto *bt = llvm::dyn_cast_or_null<BuiltinType>(callee.type); bt && bt->path() == "print") {
    // print(a, "text", b): numbers, bools, tuples of them and string literals.
    if (llvm::any_of(e.args, [](const ExprPtr &a) { return isa<StarredExpr>(*a); }))
      return starCall(e); // print(*t)
    if (!e.keywords.empty()) {
      error(e.keywords.front().range, "print() keyword arguments are not supported in kernels");
      return {};
    }
    for (const ExprPtr &a : e.args) {
      if (isa<StrLitExpr>(*a)) {
        result.exprs[a.get()] = ExprInfo{ctx.none()};
        continue;
      }
      keepOptional = a.get(); // (a value that may be None: refused, as numba-cuda does)
      ExprInfo ai = valueOf(*a, expr(*a)); // print(cuda.threadIdx): a Dim3
      result.exprs[a.get()] = ai;
      if (ai.constant && ai.constant->isString()) // a str local, global or parameter
        continue;
      std::function<bool(Type *)> printable = [&](Type *t) {
        if (auto *tt = dyn_cast<TupleType>(t))
          return llvm::all_of(tt->elements(), printable);
        return t->isScalar() && !isa<ComplexType>(t);
      };
      if (ai.type && !printable(ai.type)) {
        error(a->range(), "print() of " + aTypeName(ai.type) +
                              " is not supported in kernels (print numbers, bools, tuples of "
                              "them or string literals)");
        return {};
      }
    }
    return ExprInfo{ctx.none()};
  }
  if (auto *bt = llvm::dyn_cast_or_null<BuiltinType>(callee.type);
      bt && (bt->path() == "float" || bt->path() == "dtype.float64" ||
             bt->path() == "dtype.float32") &&
      e.args.size() == 1 && e.keywords.empty() && isa<StrLitExpr>(*e.args[0]))
    return floatOfString(e, cast<StrLitExpr>(*e.args[0]), bt->path());
  if (callee.constant && callee.constant->kind == GlobalValue::Kind::DeviceFunction)
    return deviceCall(e, *callee.constant->device);
  if (auto *bt = llvm::dyn_cast_or_null<BuiltinType>(callee.type); bt && !callee.constant)
    if (const DeviceFunctionSource *fn = ctx.deviceFunction(bt->path()))
      return deviceCall(e, *fn); // a parameter holding a device function
  if (callee.constant && callee.constant->kind == GlobalValue::Kind::Extern)
    return externCall(e, *callee.constant);
  if (callee.constant && callee.constant->kind == GlobalValue::Kind::NamedTupleClass) {
    if (llvm::any_of(e.args, [](const ExprPtr &a) { return isa<StarredExpr>(*a); }))
      return starCall(e); // Point(*t): spread, then the call below
    return namedTupleCall(e, *callee.constant);
  }
  if (auto *bt = llvm::dyn_cast_or_null<BuiltinType>(callee.type);
      bt && bt->path().starts_with("nested.")) {
    if (const FunctionDef *fn = nestedDef(bt->path().drop_front(7).str()))
      return nestedCall(e, *fn);
    // A closure passed in as an argument: typed in its defining function's
    // environment (its variables read where it is called, as numba's).
    if (const DeviceFunctionRegistry::Closure *c = registry ? registry->closure(bt->path())
                                                            : nullptr)
      return nestedCall(e, *c->def, static_cast<const Enclosing *>(c->env), c->globals, c->file);
  }
  if (llvm::any_of(e.args, [](const ExprPtr &a) { return isa<StarredExpr>(*a); }))
    return starCall(e); // (operator.setitem(a, *t): spread, then the call below)
  if (auto *bt = llvm::dyn_cast_or_null<BuiltinType>(callee.type);
      bt && bt->path().starts_with("operator.") && isOperatorForm(bt->path().drop_front(9)))
    return operatorFormCall(e, bt->path().drop_front(9));
  if (auto *bt = llvm::dyn_cast_or_null<BuiltinType>(callee.type))
    if (bt->path() == "cuda.shared.array" || bt->path() == "cuda.local.array")
      return arrayAlloc(e, bt->path() == "cuda.shared.array");
  if (auto *bt = llvm::dyn_cast_or_null<BuiltinType>(callee.type);
      bt && bt->path() == "len" && e.args.size() == 1 && e.keywords.empty() &&
      loopBuiltin(*e.args[0]) == "range") // len(range(..)): its number of items
    return rangeElementType(cast<CallExpr>(*e.args[0])) ? ExprInfo{ctx.int64()} : ExprInfo{};
  std::vector<ExprInfo> args;
  {
    auto *bt = llvm::dyn_cast_or_null<BuiltinType>(callee.type);
    llvm::StringRef p = bt ? bt->path() : "";
    bool toInt = p == "int" || (p == "round" && e.args.size() == 1 && e.keywords.empty()) || p == "range" ||
                 p == "math.floor" || p == "math.ceil" || p == "math.trunc" ||
                 (p.consume_front("dtype.") && (p.starts_with("int") || p.starts_with("uint")));
    llvm::SaveAndRestore<bool> saved(convertingToInt, toInt);
    for (const ExprPtr &a : e.args) {
      args.push_back(valueOf(*a, expr(*a)));
      if (!args.back().type)
        return {};
    }
  }
  if (!callee.type)
    return {};
  auto *fn = dyn_cast<BuiltinType>(callee.type);
  if (!fn) {
    // a.size(), a.shape(0): NumPy's attributes, called as methods.
    std::string hint;
    if (auto *attr = dyn_cast<AttributeExpr>(e.callee.get());
        attr && result.exprs.count(attr->value.get()) &&
        llvm::isa_and_nonnull<ArrayType>(result.exprs[attr->value.get()].type)) {
      if (attr->attr == "shape" || attr->attr == "strides")
        hint = " (a." + attr->attr + " is a tuple: a." + attr->attr + "[0], not a." +
               attr->attr + "(0))";
      else if (attr->attr == "size" || attr->attr == "ndim" || attr->attr == "nbytes" ||
               attr->attr == "itemsize")
        hint = " (a." + attr->attr + " is an attribute, not a method: write a." + attr->attr +
               ")";
    }
    error(e.callee->range(),
          "a value of type " + typeName(callee.type) + " is not callable" + hint);
    return {};
  }
  llvm::StringRef path = fn->path();
  if ((path.starts_with("method.") || path == "cuda.cg.GridGroup.sync") &&
      !isa<AttributeExpr>(*e.callee)) {
    // f = a.fill; f(3): the object is known only at the attribute.
    llvm::StringRef name = path.rsplit('.').second;
    error(e.callee->range(), "a method kept in a variable cannot be called in kernels: call it "
                             "on its object (x." + name.str() + "(...))");
    return {};
  }
  if (path == "carray" || path == "farray" || path == "ffi.from_buffer")
    return pointerCall(e, path, args);
  // Loads and stores with a cache hint take a pointer as numba's do
  // (cuda.ldcg(p, i)): its item i, as p[i].
  std::optional<CudaFn> hint = path.starts_with("cuda.") ? lookupCudaFn(path.drop_front(5))
                                                         : std::nullopt;
  bool pointerFirst = hint && isCacheHinted(*hint);
  for (size_t i = pointerFirst ? 1 : 0; i < args.size(); ++i)
    if (auto *at = dyn_cast<ArrayType>(args[i].type); at && at->isPointer()) {
      // (device functions and declared ones take pointers: returned above)
      error(e.args[i]->range(), path + "() does not take a pointer (" + typeName(at) +
                                    "); carray(p, shape) views it as an array");
      return {};
    }
  if (path.starts_with("cuda.vector."))
    return vectorConstruct(e, path.drop_front(12), args);
  if (path == "numpy.clip" && !e.keywords.empty()) {
    // NumPy 2's np.clip(a, a_min, a_max, out=None, *, min=, max=): a_min and
    // a_max both, or neither and then min= and max= (each None if absent).
    static const llvm::StringRef fields[] = {"a", "a_min", "a_max", "out", "min", "max"};
    std::optional<std::vector<const Expr *>> bound = bindParameters(e, fields, 1, "np.clip()");
    if (!bound)
      return {};
    std::vector<const Expr *> &b = *bound;
    if (!b[1] != !b[2]) {
      error(e.range(), std::string("np.clip() missing the argument '") +
                           (b[1] ? "a_max" : "a_min") + "' (NumPy's TypeError: a_min and a_max "
                           "are given together, or min= and max= instead)");
      return {};
    }
    if (b[1] && (b[4] || b[5])) {
      error(e.range(), "np.clip() takes min= and max= only without a_min and a_max (NumPy's "
                       "ValueError)");
      return {};
    }
    if (!b[1]) {
      b[1] = b[4];
      b[2] = b[5];
    }
    b.resize(b[3] ? 4 : 3);
    return positionalCall(e, path, nullptr, b, "np.clip()");
  }
  if (path == "method.array.clip") { // NumPy's ndarray.clip(min=None, max=None, out=None)
    static const llvm::StringRef fields[] = {"a", "min", "max", "out"};
    const Expr *self = cast<AttributeExpr>(*e.callee).value.get();
    std::optional<std::vector<const Expr *>> bound =
        bindParameters(e, fields, 1, "a.clip()", self);
    if (!bound)
      return {};
    bound->resize((*bound)[3] ? 4 : 3);
    return positionalCall(e, "numpy.clip", self, *bound, "a.clip()");
  }
  bool arrays = llvm::any_of(args, [](const ExprInfo &a) { return isa<ArrayType>(a.type); }) ||
                llvm::any_of(e.keywords, [](const Keyword &k) { return k.name == "out"; });
  if (arrays && (path.starts_with("numpy.m.") || path.starts_with("numpy.op.") || path == "abs" ||
                 (path.starts_with("numpy.") && isNumpyScalarFunction(path.drop_front(6))) ||
                 (path.starts_with("math.") && lookupMathFn(path.drop_front(5)))))
    return arrayUfunc(e, path, args);
  std::string routed;
  bool numpyLoop = path.starts_with("numpy.m."); // (mathOperandType)
  if (numpyLoop) { // np.exp: cmath's for a complex argument
    bool complex = llvm::any_of(args, [](const ExprInfo &a) { return isa<ComplexType>(a.type); });
    routed = (complex ? "cmath." : "math.") + path.drop_front(8).str();
    path = routed;
  }
  if (path.starts_with("numpy.op."))
    return numpyOperatorCall(e, *numpyOperatorUfunc(path.drop_front(9)), args, path);
  if (path.starts_with("operator."))
    if (llvm::StringRef u = operatorModuleUfunc(path.drop_front(9)); !u.empty())
      return numpyOperatorCall(e, *numpyOperatorUfunc(u), args, path);
  if (path == "method.array.view") {
    // a.view(np.int32): the same bytes as another scalar dtype (numba); the
    // last extent scales by the item sizes. C-contiguous arrays only.
    auto *at = dyn_cast<ArrayType>(result.exprs[cast<AttributeExpr>(*e.callee).value.get()].type);
    Type *to = args.size() == 1 && e.keywords.empty() ? dtypeOperand(args[0]) : nullptr;
    if (!to) {
      error(e.range(), "a.view() takes one scalar dtype in kernels (a.view(np.int32))");
      return {};
    }
    if (at->ndim() == 0 || at->layout() != Layout::C) {
      error(e.callee->range(), "a.view(dtype) needs a C-contiguous array of at least one "
                               "dimension in kernels, not " + typeName(at));
      return {};
    }
    return ExprInfo{ctx.array(to, at->ndim(), Layout::C, at->readonly())};
  }
  if (path == "method.array.fill") {
    // a.fill(v): every element set to v, converted as a store converts
    // (NumPy's ndarray.fill; numba's overload of it).
    auto *at = dyn_cast<ArrayType>(result.exprs[cast<AttributeExpr>(*e.callee).value.get()].type);
    if (!e.keywords.empty() || args.size() != 1) {
      error(e.range(), "a.fill() takes one value");
      return {};
    }
    if (at->readonly()) {
      readOnlyError(e.callee->range(), at, *cast<AttributeExpr>(*e.callee).value);
      return {};
    }
    if (isa<RecordType>(at->dtype())) {
      error(e.callee->range(), "a.fill() of an array of records is not supported in kernels "
                               "(assign the fields)");
      return {};
    }
    checkElementStore(at->dtype(), args[0], e.args[0]->range()); // as a[i] = v
    return ExprInfo{ctx.none()};
  }
  if (path == "method.array.item") {
    // a.item(): the one element of an array of size 1, as a scalar (numba's
    // array item(); ValueError for another size where indices are checked).
    auto *at = dyn_cast<ArrayType>(result.exprs[cast<AttributeExpr>(*e.callee).value.get()].type);
    if (!e.keywords.empty() || !args.empty()) {
      error(e.range(), "a.item() takes no arguments in kernels (index the array: a[i, j])");
      return {};
    }
    return ExprInfo{at->dtype()};
  }
  if (path == "method.array.transpose") {
    // a.transpose() is a.T; a.transpose(1, 0) or ((1, 0)) too, reversed
    // axes being the only order a kernel's arrays transpose to (numba takes
    // any permutation).
    auto *at = dyn_cast<ArrayType>(result.exprs[cast<AttributeExpr>(*e.callee).value.get()].type);
    std::vector<int64_t> axes;
    bool constant = true;
    auto take = [&](const ExprInfo &a) {
      if (a.constant && a.constant->kind == GlobalValue::Kind::Int)
        axes.push_back(a.constant->i);
      else
        constant = false;
    };
    if (args.size() == 1 && args[0].constant && args[0].constant->kind == GlobalValue::Kind::Tuple)
      for (const GlobalValue &v : args[0].constant->elements)
        take(ExprInfo{ctx.int64(), false, v});
    else if (auto *tuple = args.size() == 1 ? dyn_cast<TupleExpr>(e.args[0].get()) : nullptr)
      for (const ExprPtr &x : tuple->elts) // a.transpose((1, 0))
        take(result.exprs[x.get()]);
    else
      for (const ExprInfo &a : args)
        take(a);
    int64_t n = static_cast<int64_t>(at->ndim());
    bool reversed = axes.empty() || axes.size() == at->ndim();
    bool identity = !axes.empty() && axes.size() == at->ndim();
    for (size_t k = 0; k < axes.size(); ++k) {
      int64_t axis = axes[k] < 0 ? axes[k] + n : axes[k];
      reversed = reversed && axis == n - 1 - static_cast<int64_t>(k);
      identity = identity && axis == static_cast<int64_t>(k);
    }
    if (!e.keywords.empty() || !constant || !(reversed || identity)) {
      error(e.range(), "a.transpose() takes no axes, or the reversed (or unchanged) axes as "
                       "constants, in kernels (a.T): other orders are not supported");
      return {};
    }
    if (identity && !reversed)
      return ExprInfo{at};
    Layout l = at->layout() == Layout::C ? Layout::F : at->layout() == Layout::F ? Layout::C
                                                                               : Layout::A;
    if (at->ndim() <= 1)
      l = at->layout();
    return ExprInfo{ctx.array(at->dtype(), at->ndim(), l, at->readonly())};
  }
  if (path == "method.array.ravel") {
    // a.ravel(): a 1-d view of a C-contiguous array (numba copies any other,
    // which kernels cannot).
    auto *at = cast<ArrayType>(result.exprs[cast<AttributeExpr>(*e.callee).value.get()].type);
    if (!args.empty() || !e.keywords.empty()) {
      error(e.range(), "a.ravel() takes no arguments in kernels (its order is 'C')");
      return {};
    }
    if (at->layout() != Layout::C || at->isPointer()) {
      error(e.callee->range(), "a.ravel() of " + aTypeName(at) + " would copy it (only "
                               "C-contiguous arrays ravel in kernels; a.flat iterates any)");
      return {};
    }
    return ExprInfo{ctx.array(at->dtype(), 1, Layout::C, at->readonly())};
  }
  if (path == "method.array.reshape") {
    // a.reshape(2, 3), a.reshape((2, -1)): a view of a C-contiguous array
    // (numba's, without NRT: anything else would copy).
    auto *at = dyn_cast<ArrayType>(result.exprs[cast<AttributeExpr>(*e.callee).value.get()].type);
    if (!e.keywords.empty() || args.empty()) {
      error(e.range(), "a.reshape() takes the new shape (ints, or one tuple of ints) in kernels");
      return {};
    }
    std::vector<Type *> dims;
    if (args.size() == 1 && isa<TupleType>(args[0].type))
      dims.assign(cast<TupleType>(args[0].type)->elements().begin(),
                  cast<TupleType>(args[0].type)->elements().end());
    else
      for (const ExprInfo &a : args)
        dims.push_back(a.type);
    for (size_t k = 0; k < dims.size(); ++k)
      if (!isIntegral(dims[k])) {
        error(e.args[std::min(k, e.args.size() - 1)]->range(),
              "a.reshape() takes integer extents, not " + typeName(dims[k]));
        return {};
      }
    // Constant extents: one -1 at most (the unknown one), no other negative.
    std::vector<const Expr *> dimExprs;
    if (auto *te = args.size() == 1 ? dyn_cast<TupleExpr>(e.args[0].get()) : nullptr)
      for (const ExprPtr &x : te->elts)
        dimExprs.push_back(x.get());
    else if (args.size() != 1 || !isa<TupleType>(args[0].type))
      for (const ExprPtr &x : e.args)
        dimExprs.push_back(x.get());
    int unknowns = 0;
    for (const Expr *x : dimExprs) {
      const ExprInfo &xi = result.exprs[x];
      if (!xi.constant || xi.constant->kind != GlobalValue::Kind::Int || xi.constant->i >= 0)
        continue;
      if (xi.constant->i < -1 || ++unknowns > 1) {
        error(x->range(), xi.constant->i < -1 ? "a.reshape(): negative dimensions are not allowed"
                                              : "a.reshape(): can only specify one unknown "
                                                "dimension (-1)");
        return {};
      }
    }
    if (at->layout() != Layout::C) {
      error(e.callee->range(), "a.reshape() of " + aTypeName(at) + " would copy it (only "
                               "C-contiguous arrays reshape in kernels)");
      return {};
    }
    return ExprInfo{ctx.array(at->dtype(), static_cast<unsigned>(dims.size()), Layout::C,
                              at->readonly())};
  }
  if (path.starts_with("method.array.") || path.starts_with("numpy.reduce.")) {
    // a.sum(), np.sum(a): the whole array (no axis: that would make an array).
    bool method = path.starts_with("method.");
    llvm::StringRef name = path.drop_front(method ? 13 : 13);
    std::string spelled = method ? "a." + name.str() + "()" : "np." + name.str() + "()";
    // np.trace(m, offset) (or offset=): an integer diagonal offset;
    // np.count_nonzero(a, axis=None): the whole array, as without it.
    bool traceOffset = !method && name == "trace" &&
                       ((args.size() == 2 && e.keywords.empty()) ||
                        (args.size() == 1 && e.keywords.size() == 1 &&
                         e.keywords[0].name == "offset"));
    if (traceOffset) {
      const Expr &k = args.size() == 2 ? *e.args[1] : *e.keywords[0].value;
      Type *kt = args.size() == 2 ? args[1].type : expr(k).type;
      if (!kt || !isa<IntType>(kt)) {
        error(k.range(), "np.trace()'s offset must be an integer, not " + typeName(kt));
        return {};
      }
    }
    bool axisNone = !method && name == "count_nonzero" && args.size() == 1 &&
                    e.keywords.size() == 1 && e.keywords[0].name == "axis" &&
                    isa<NoneLitExpr>(e.keywords[0].value.get());
    // a.sum(dtype=np.float32), np.sum(a, dtype=...): accumulated in that
    // dtype (numba's).
    Type *sumDtype = nullptr;
    if (name == "sum" && e.keywords.size() == 1 && e.keywords[0].name == "dtype" &&
        args.size() == (method ? 0u : 1u)) {
      sumDtype = dtypeOperand(expr(*e.keywords[0].value));
      if (!sumDtype || !sumDtype->isScalar()) {
        error(e.keywords[0].value->range(), spelled + "'s dtype must be a NumPy number type");
        return {};
      }
    }
    if (!traceOffset && !axisNone && !sumDtype &&
        (!e.keywords.empty() || args.size() != (method ? 0u : 1u))) {
      error(e.range(), spelled + " takes " + (method ? "no arguments" : "one array") +
                           " in kernels (an axis, dtype or out would make or need an array)");
      return {};
    }
    Type *arrayType = method ? result.exprs[cast<AttributeExpr>(*e.callee).value.get()].type
                             : args[0].type;
    auto *at = dyn_cast<ArrayType>(arrayType);
    if (!at) {
      error(method ? e.callee->range() : e.args[0]->range(),
            spelled + " takes an array, not " + typeName(arrayType));
      return {};
    }
    if (name == "trace" && at->ndim() != 2) {
      error(e.range(), spelled + " takes a 2-d array in kernels, not " + typeName(at) +
                           " (NumPy's of more dimensions makes an array)");
      return {};
    }
    Type *t = arrayReductionType(ctx, name, at->dtype());
    if (t && sumDtype)
      t = sumDtype;
    if (!t) {
      error(e.range(), spelled + " of an array of " + typeName(at->dtype()) +
                           " is not supported" + (isa<ComplexType>(at->dtype())
                                                      ? " (complex numbers have no order)" : ""));
      return {};
    }
    return ExprInfo{t};
  }
  if (path == "method.scalar.item") { // x.item() of a number: x
    if (!args.empty() || !e.keywords.empty()) {
      error(e.range(), "x.item() of a number takes no arguments");
      return {};
    }
    return result.exprs[cast<AttributeExpr>(*e.callee).value.get()];
  }
  if (path == "numpy.size" || path == "numpy.ndim" || path == "numpy.shape") {
    // np.size(a), np.ndim(a), np.shape(a): a.size, a.ndim, a.shape; of a
    // number 1, 0 and ().
    if (args.size() != 1 || !e.keywords.empty() ||
        !(isa<ArrayType>(args[0].type) || args[0].type->isScalar()) ||
        (isa<ArrayType>(args[0].type) && cast<ArrayType>(args[0].type)->isPointer())) {
      error(e.range(), "np." + path.drop_front(6).str() + "() takes one array or number in kernels");
      return {};
    }
    auto *at = dyn_cast<ArrayType>(args[0].type);
    if (path == "numpy.ndim")
      return constant(GlobalValue::ofInt(at ? at->ndim() : 0));
    if (path == "numpy.size")
      return at ? ExprInfo{ctx.int64()} : constant(GlobalValue::ofInt(1));
    return ExprInfo{ctx.tuple(std::vector<Type *>(at ? at->ndim() : 0, ctx.int64()))};
  }
  if (path == "numpy.array_equal") {
    // np.array_equal(a, b) of two arrays of numbers: the same shape and
    // every element equal (numba's; a NaN is unequal).
    auto arrayOf = [&](size_t i) {
      auto *at = i < args.size() ? dyn_cast<ArrayType>(args[i].type) : nullptr;
      return at && !at->isPointer() && at->dtype()->isScalar() ? at : nullptr;
    };
    if (args.size() != 2 || !e.keywords.empty() || !arrayOf(0) || !arrayOf(1)) {
      error(e.range(), "np.array_equal() takes two arrays of numbers in kernels");
      return {};
    }
    if (!promoteOperands(ctx, {arrayOf(0)->dtype(), false}, {arrayOf(1)->dtype(), false})) {
      error(e.range(), "np.array_equal() cannot compare " + typeName(arrayOf(0)->dtype()) +
                           " and " + typeName(arrayOf(1)->dtype()));
      return {};
    }
    if (arrayOf(0)->ndim() != arrayOf(1)->ndim()) // never the same shape
      return constant(GlobalValue::ofBool(false));
    return ExprInfo{ctx.boolean()};
  }
  if (path == "method.tuple.index") {
    // t.index(x): the first position of an element equal to x, ValueError
    // if none is (numba's tuple_index): numbers, or tuples of them.
    auto *tt = cast<TupleType>(result.exprs[cast<AttributeExpr>(*e.callee).value.get()].type);
    if (args.size() != 1 || !e.keywords.empty()) {
      error(e.range(), "t.index() takes one value in kernels");
      return {};
    }
    for (size_t k = 0; k < tt->size(); ++k)
      if (!tupleItemEquality(args[0], {tt->elements()[k], false}, e.range(),
                             "element " + std::to_string(k) + " of the tuple"))
        return {};
    return ExprInfo{ctx.int64()};
  }
  if (path == "method.scalar.view") {
    // x.view(np.uint64): the same bits as another number type of the same
    // size (numba's scalar view, a bitcast).
    Type *from = result.exprs[cast<AttributeExpr>(*e.callee).value.get()].type;
    Type *to = args.size() == 1 && e.keywords.empty() ? dtypeOperand(args[0]) : nullptr;
    if (!to || !(isa<IntType>(to) || isa<FloatType>(to))) {
      error(e.range(), "x.view() takes one integer or float dtype (x.view(np.uint64))");
      return {};
    }
    if (elementBytes(to) != elementBytes(from)) {
      error(e.range(), "cannot view " + aTypeName(from) + " (" + llvm::Twine(elementBytes(from)) +
                           " bytes) as " + typeName(to) + " (" + llvm::Twine(elementBytes(to)) +
                           " bytes): a scalar's view keeps its size");
      return {};
    }
    return ExprInfo{to};
  }
  if (path == "method.bit_count") {
    if (!args.empty() || !e.keywords.empty()) {
      error(e.range(), "bit_count() takes no arguments");
      return {};
    }
    return ExprInfo{ctx.int64()}; // a Python int
  }
  if (path == "method.conjugate") {
    if (!args.empty() || !e.keywords.empty()) {
      error(e.range(), "conjugate() takes no arguments");
      return {};
    }
    return ExprInfo{result.exprs[cast<AttributeExpr>(*e.callee).value.get()].type};
  }
  if ((path == "complex" || path == "divmod" || path == "pow") && !e.keywords.empty()) {
    // (complex(real, imag=...) and pow(b, e, mod=...) are Python's; numba-cuda
    // takes none of them either.)
    error(e.keywords.front().range,
          "keyword arguments to " + path + "() are not supported in kernels");
    return {};
  }
  if (path == "complex") {
    if (args.empty() || args.size() > 2) {
      error(e.range(), "complex() takes one or two numbers in kernels");
      return {};
    }
    for (size_t i = 0; i < args.size(); ++i)
      if (!args[i].type->isScalar() || (i == 1 && isa<ComplexType>(args[i].type))) {
        error(e.args[i]->range(), "complex() needs a real number here, not " +
                                      typeName(args[i].type));
        return {};
      }
    return ExprInfo{ctx.complexTy(128)};
  }
  if (path == "numpy.searchsorted") {
    // np.searchsorted(a, v[, side]) of a sorted 1-d array and one number:
    // NumPy's binary search (NaN after every number), an int64 index.
    const Expr *sideExpr = args.size() == 3 ? e.args[2].get() : nullptr;
    for (const Keyword &k : e.keywords) {
      if (k.name != "side") {
        error(k.range, "np.searchsorted() got an unexpected keyword '" + k.name + "'");
        return {};
      }
      sideExpr = k.value.get();
    }
    std::optional<GlobalValue> side;
    if (sideExpr)
      side = expr(*sideExpr).constant;
    auto *at = args.size() >= 2 ? dyn_cast<ArrayType>(args[0].type) : nullptr;
    bool sideOk = !sideExpr || (side && side->isString() &&
                                (side->data == "left" || side->data == "right"));
    if (!at || at->ndim() != 1 || !at->dtype()->isScalar() || isa<ComplexType>(at->dtype()) ||
        args.size() > 3 || (e.keywords.size() > (args.size() == 3 ? 0u : 1u)) || !sideOk ||
        !args[1].type->isScalar() || isa<ComplexType>(args[1].type)) {
      error(e.range(), "np.searchsorted() takes a sorted 1-d array of real numbers, one real "
                       "number and side='left' or 'right' (a constant) in kernels (an array of "
                       "values would make an array)");
      return {};
    }
    return ExprInfo{ctx.int64()};
  }
  if (path == "numpy.real" || path == "numpy.imag") {
    // np.real(x), np.imag(x) of a number: x.real, x.imag (numba-cuda's).
    if (args.size() != 1 || !e.keywords.empty() || !args[0].type->isScalar()) {
      error(e.range(), path.drop_front(6) + "() takes one number in kernels" +
                           std::string(args.size() == 1 && isa<ArrayType>(args[0].type)
                                           ? " (of an array: a." + path.drop_front(6).str() +
                                                 ", a view)"
                                           : ""));
      return {};
    }
    if (auto *ct = dyn_cast<ComplexType>(args[0].type))
      return ExprInfo{ctx.floatTy(ct->partBits())};
    return ExprInfo{args[0].type, args[0].weak}; // real: itself; imag: 0 of its type
  }
  if (path == "type") {
    // type(x) of a number: its scalar type, callable as np.float32 is
    // (type(x)(2) casts; numba-cuda types it so, a Python int as int64, a
    // float as float64). Of anything else it is refused.
    if (args.size() != 1 || !e.keywords.empty()) {
      error(e.range(), "type() takes one value in kernels (the three-argument form makes a "
                       "class)");
      return {};
    }
    if (!args[0].type->isScalar()) {
      error(e.args[0]->range(), "type() takes a number in kernels, not " +
                                    typeName(args[0].type) +
                                    (isa<ArrayType>(args[0].type)
                                         ? " (an array's element type is a.dtype.type)"
                                         : ""));
      return {};
    }
    return ExprInfo{ctx.builtin("dtype." + args[0].type->str())};
  }
  if (path == "isinstance") {
    // numba-cuda's ol_isinstance: decided by the types when compiling (a
    // constant, so the branch not taken is not compiled): int is int64,
    // float float64, complex complex128, bool bool, tuple any tuple, a NumPy
    // scalar type (np.float32) exactly that type; a tuple of classes is any
    // of them.
    if (args.size() != 2 || !e.keywords.empty()) {
      error(e.range(), "isinstance() takes a value and a class (or a tuple of classes)");
      return {};
    }
    Type *var = args[0].type;
    // (a read of a variable that may be None is typed as its number, the
    // Optional kept aside: optionalReads)
    if (auto it = result.optionalReads.find(e.args[0].get()); it != result.optionalReads.end())
      var = it->second;
    if (isa<OptionalType>(var)) {
      error(e.args[0]->range(), "isinstance() cannot take a value that may be None (" +
                                    typeName(var) + "), as numba's cannot");
      return {};
    }
    if (!var->isScalar() && !isa<TupleType, ArrayType, NoneType>(var)) {
      error(e.args[0]->range(), "isinstance() does not take a value of type " + typeName(var) +
                                    " in kernels (numbers, tuples, arrays and None)");
      return {};
    }
    std::vector<Type *> classes;
    if (auto *tt = dyn_cast<TupleType>(args[1].type))
      classes.assign(tt->elements().begin(), tt->elements().end());
    else
      classes.push_back(args[1].type);
    bool is = false;
    for (Type *c : classes) {
      auto *bt = dyn_cast<BuiltinType>(c);
      llvm::StringRef name = bt ? bt->path() : "";
      Type *exact = name == "int"       ? ctx.int64()
                    : name == "float"   ? ctx.float64()
                    : name == "complex" ? static_cast<Type *>(ctx.complexTy(128))
                    : name == "bool"    ? ctx.boolean()
                    : name.starts_with("dtype.") ? ctx.scalarByName(name.drop_front(6))
                                                 : nullptr;
      if (!exact && name != "tuple") {
        error(e.args[1]->range(), "isinstance() takes int, float, complex, bool, tuple or a "
                                  "NumPy scalar type (np.float32) as its class in kernels, "
                                  "not " + typeName(c));
        return {};
      }
      // An IntEnum member is an int (Python's isinstance; its type is int64's).
      auto *intEnum = dyn_cast<IntType>(var);
      is |= name == "tuple" ? isa<TupleType>(var)
                            : var == exact || (name == "int" && intEnum && intEnum->isIntEnum());
    }
    ExprInfo r{ctx.boolean()};
    r.constant = GlobalValue::ofBool(is);
    return r;
  }
  if (path == "numpy.dtype") {
    // np.dtype('float32'), np.dtype(np.int8), np.dtype(a.dtype): the dtype
    // (numba-cuda's overload of np.dtype takes a string or a dtype).
    Type *t = args.size() == 1 && e.keywords.empty() ? dtypeOperand(args[0]) : nullptr;
    if (!t) {
      error(e.range(), "np.dtype() takes one dtype in kernels: a constant string "
                       "('float32', 'f4') or a NumPy type (np.float32, a.dtype)");
      return {};
    }
    return ExprInfo{ctx.builtin("dtype." + t->str())};
  }
  if (path == "numpy.finfo" || path == "numpy.iinfo") {
    // np.finfo(np.float32), np.finfo(a.dtype), np.finfo(x) of a number or
    // an array (its dtype, as numba-cuda's overload takes it): a
    // compile-time object whose attributes are constants (MachineLimits.h).
    bool finfo = path == "numpy.finfo";
    Type *t = nullptr;
    if (args.size() == 1 && e.keywords.empty()) {
      if (Type *named = dtypeOperand(args[0]))
        t = named;
      else if (auto *at = dyn_cast<ArrayType>(args[0].type))
        t = at->dtype();
      else if (args[0].type && args[0].type->isScalar())
        t = args[0].type;
    }
    if (auto *ct = llvm::dyn_cast_or_null<ComplexType>(t); ct && finfo) // a complex's parts
      t = ctx.floatTy(ct->partBits());
    auto *ft = llvm::dyn_cast_or_null<FloatType>(t);
    if (!t || (finfo ? !ft || ft->isBFloat16() : !isa<IntType>(t))) {
      error(e.range(), path.drop_front(6) + "() takes " +
                           (finfo ? "a float16, float32 or float64 dtype"
                                  : "an integer dtype") +
                           " in kernels (a dtype, or a value or array of one)" +
                           (t ? ", not " + typeName(t) : std::string()));
      return {};
    }
    return ExprInfo{ctx.builtin((finfo ? "finfo." : "iinfo.") + t->str())};
  }
  if (path == "tuple") {
    // tuple() is (), tuple(t) of a tuple is t (numba); anything else would
    // need a length known only at run time.
    if (!e.keywords.empty() || args.size() > 1 ||
        (args.size() == 1 && !isa<TupleType>(args[0].type))) {
      error(e.range(), "tuple() takes no argument or a tuple in kernels" +
                           std::string(args.size() == 1 && !isa<TupleType>(args[0].type)
                                           ? ", not " + typeName(args[0].type)
                                           : ""));
      return {};
    }
    if (args.empty())
      return ExprInfo{ctx.tuple({})};
    return args[0];
  }
  if (path == "divmod") {
    // (a // b, a % b), floored as in Python; complex numbers have neither.
    if (args.size() != 2 || !args[0].type->isScalar() || !args[1].type->isScalar() ||
        isa<ComplexType>(args[0].type) || isa<ComplexType>(args[1].type)) {
      error(e.range(), "divmod() takes two real numbers in kernels");
      return {};
    }
    Type *t = binaryResultType(ctx, BinaryOp::FloorDiv, operandOf(args[0]), operandOf(args[1]));
    return ExprInfo{ctx.tuple({t, t})};
  }
  if (path == "pow") {
    if (args.size() != 2 || !args[0].type->isScalar() || !args[1].type->isScalar()) {
      error(e.range(), "pow() takes two numbers in kernels");
      return {};
    }
    Type *t = binaryResultType(ctx, BinaryOp::Pow, operandOf(args[0]), operandOf(args[1]));
    return ExprInfo{t, args[0].weak && args[1].weak};
  }
  if (path.starts_with("cmath."))
    return cmathCall(e, *lookupCMathFn(path.drop_front(6)), args);
  if (path.starts_with("cuda.libdevice.")) {
    // numba.cuda.libdevice: numbers converted to the parameters' types; the
    // result, then the outputs (pointer parameters), as a tuple of several.
    const LibdeviceFunction &f = *lookupLibdevice(path.drop_front(15));
    llvm::SmallVector<llvm::StringRef, 4> params = libdeviceTypeList(f.params);
    std::string sig = std::string(f.result) + "(" + f.params + ")";
    if (!e.keywords.empty()) {
      error(e.keywords.front().range, "libdevice." + llvm::Twine(f.name) + "() takes its "
                                      "arguments by position, not by keyword");
      return {};
    }
    if (args.size() != params.size()) {
      error(e.range(), "libdevice." + llvm::Twine(f.name) + "() takes " +
                           llvm::Twine(params.size()) + " argument" +
                           (params.size() == 1 ? "" : "s") + " (" + f.params + "), got " +
                           llvm::Twine(args.size() + e.keywords.size()));
      return {};
    }
    for (size_t i = 0; i < args.size(); ++i)
      if (!args[i].type->isScalar() || isa<ComplexType>(args[i].type)) {
        error(e.args[i]->range(), "libdevice." + llvm::Twine(f.name) + "() needs a real number "
                                  "for its " + params[i] + " parameter, not " +
                                  typeName(args[i].type));
        return {};
      }
    std::vector<Type *> parts;
    if (llvm::StringRef(f.result) != "void")
      parts.push_back(ctx.scalarByName(f.result));
    for (llvm::StringRef out : libdeviceTypeList(f.outputs))
      parts.push_back(ctx.scalarByName(out));
    return ExprInfo{parts.size() == 1 ? parts[0] : ctx.tuple(parts)};
  }
  // numba.cuda.fp16 and .bf16: `arity` real numbers, by position.
  auto halfArgs = [&](unsigned arity) {
    if (!e.keywords.empty()) {
      error(e.keywords.front().range, path + "() takes its arguments by position, not by "
                                             "keyword");
      return false;
    }
    if (args.size() != arity) {
      error(e.range(), path + "() takes " + llvm::Twine(arity) + " argument" +
                           (arity == 1 ? "" : "s") + ", got " + llvm::Twine(args.size()));
      return false;
    }
    for (size_t i = 0; i < args.size(); ++i)
      if (!args[i].type->isScalar() || isa<ComplexType>(args[i].type)) {
        error(e.args[i]->range(), path + "() needs a real number, not " +
                                      typeName(args[i].type));
        return false;
      }
    return true;
  };
  if (path.starts_with("cuda.fp16.") && !isFp16Function(path.drop_front(10))) {
    // cuda_fp16.h's names (__hadd_sat, __float2half_rz): bf16's shapes.
    std::optional<Bf16Function> fn = lookupFp16CFunction(path.drop_front(10));
    if (!halfArgs(fn->arity))
      return {};
    return ExprInfo{ctx.scalarByName(fn->result)};
  }
  if (path.starts_with("cuda.fp16.")) {
    // numba.cuda.fp16: float16 operands (other numbers are converted), a
    // float16 result; the comparisons give bool.
    llvm::StringRef name = path.drop_front(10);
    if (!halfArgs(fp16Arity(name)))
      return {};
    bool compare = name == "heq" || name == "hne" || name == "hge" || name == "hgt" ||
                   name == "hle" || name == "hlt";
    return ExprInfo{compare ? static_cast<Type *>(ctx.boolean()) : ctx.floatTy(16)};
  }
  if (path.starts_with("cuda.bf16.")) {
    // numba.cuda.bf16: operands converted to the function's parameter type
    // (bfloat16, or the type a conversion starts from), its result type.
    std::optional<Bf16Function> fn = lookupBf16Function(path.drop_front(10));
    if (!halfArgs(fn->arity))
      return {};
    return ExprInfo{ctx.scalarByName(fn->result)};
  }
  for (size_t i = 0; i < args.size(); ++i)
    if (isa<ComplexType>(args[i].type) && path != "abs" && path != "bool" &&
        !path.starts_with("dtype.") && !path.starts_with("coop.block.load") &&
        path != "numpy.maximum" && path != "numpy.minimum" && path != "numpy.fmax" &&
        path != "numpy.fmin" && path != "numpy.negative" && path != "numpy.square" &&
        path != "numpy.reciprocal" && path != "numpy.angle" && path != "numpy.round" &&
        path != "numpy.nan_to_num" && path != "numpy.clip" && path != "numpy.sinc" &&
        path != "numpy.isclose") {
      error(e.args[i]->range(), path + "() does not take complex numbers in kernels");
      return {};
    }
  bool gridNdim = (path == "cuda.grid" || path == "cuda.gridsize") && args.empty() &&
                  e.keywords.size() == 1 && e.keywords[0].name == "ndim";
  bool numpyKeywords = path == "numpy.isclose" || path == "numpy.round" ||
                       path == "numpy.angle" || path == "numpy.nan_to_num";
  if (!e.keywords.empty() && path != "round" && !numpyKeywords && !gridNdim) {
    error(e.keywords.front().range, "keyword arguments to " + path + "() are not supported in kernels");
    return {};
  }
  if (path == "cuda.const.array_like") {
    // numba's: a global NumPy array, which is in constant memory already
    // (every global array is); of any other array, the array itself (numba's
    // lowering is a no-op).
    auto *at = args.size() == 1 ? dyn_cast<ArrayType>(args[0].type) : nullptr;
    if (!at || at->isPointer()) {
      error(e.range(), "cuda.const.array_like() takes an array (a global NumPy array is in "
                       "constant memory)");
      return {};
    }
    ExprInfo info = args[0];
    return info;
  }
  if (path == "cuda.lanemask_lt") {
    if (!args.empty()) {
      error(e.range(), "cuda.lanemask_lt() takes no arguments");
      return {};
    }
    return ExprInfo{ctx.intTy(32, false)};
  }
  if (path.starts_with("cuda."))
    if (std::optional<CudaFn> cf = lookupCudaFn(path.drop_front(5)))
      return cudaCall(e, *cf, args);
  if (path.starts_with("coop."))
    return coopCall(e, path, args);
  auto wantArgs = [&](size_t lo, size_t hi) {
    if (args.size() >= lo && args.size() <= hi)
      return true;
    // dtype.float32 is what the user wrote as float32 (np.float32, ...).
    llvm::StringRef shown = path.starts_with("dtype.") ? path.drop_front(6) : path;
    error(e.range(), shown + "() takes " +
                         (lo == hi ? llvm::Twine(lo) : llvm::Twine(lo) + " to " + llvm::Twine(hi)) +
                         (hi == 1 ? " argument" : " arguments") + ", got " +
                         llvm::Twine(args.size()) +
                         (path == "math.log" && args.size() == 2
                              ? " (in kernels, as in numba-cuda; math.log(x) / math.log(base) "
                                "is the logarithm to a base)"
                              : ""));
    return false;
  };
  auto wantScalar = [&](size_t i) {
    if (args[i].type->isScalar())
      return true;
    error(e.args[i]->range(), path + "() needs a number, not " + typeName(args[i].type));
    return false;
  };
  if (path == "cuda.grid" || path == "cuda.gridsize") {
    // cuda.grid(2) or cuda.grid(ndim=2)
    if (!gridNdim && !wantArgs(1, 1))
      return {};
    const Expr &ndimExpr = gridNdim ? *e.keywords[0].value : *e.args[0];
    ExprInfo ndim = gridNdim ? expr(ndimExpr) : args[0];
    if (!ndim.constant || ndim.constant->kind != GlobalValue::Kind::Int ||
        ndim.constant->i < 1 || ndim.constant->i > 3) {
      error(ndimExpr.range(), path + "() takes a constant 1, 2 or 3");
      return {};
    }
    int64_t n = ndim.constant->i;
    if (n == 1)
      return ExprInfo{ctx.int64()};
    return ExprInfo{ctx.tuple(std::vector<Type *>(n, ctx.int64()))};
  }
  if (path.starts_with("math.")) {
    std::optional<MathFn> fn = lookupMathFn(path.drop_front(5));
    if (fn) {
      unsigned arity = mathFnInfo(*fn).arity;
      if (!wantArgs(arity, arity))
        return {};
      std::vector<TypedOperand> ops;
      for (size_t i = 0; i < args.size(); ++i) {
        if (!wantScalar(i))
          return {};
        ops.push_back(operandOf(args[i]));
      }
      Type *operand = mathOperandType(ctx, *fn, ops, numpyLoop);
      if (Type *half = args.size() == 1 && !args[0].weak
                           ? mathSixteenBitResult(*fn, args[0].type) : nullptr)
        return ExprInfo{half};
      return ExprInfo{mathResultType(ctx, *fn, operand)};
    }
  }
  if (path == "round") {
    // round(x), round(x, None): an int; round(x, ndigits) (ndigits also by
    // keyword): a float.
    for (const Keyword &k : e.keywords)
      if (k.name != "ndigits" || e.args.size() != 1) {
        error(k.range, k.name == "ndigits" ? "round() got ndigits twice"
                                            : "round() has no keyword argument '" + k.name + "'");
        return {};
      }
    if (!wantArgs(1, 2 - e.keywords.size()) || !wantScalar(0))
      return {};
    const Expr *nd = roundDigits(e);
    ExprInfo ndi = nd ? (args.size() > 1 ? args[1] : expr(*nd)) : ExprInfo{};
    if (nd && !ndi.type)
      return {};
    if (!nd || isa<NoneType>(ndi.type))
      return ExprInfo{ctx.int64()};
    if (!isIntegral(ndi.type)) {
      error(nd->range(), "round()'s ndigits must be an integer, not " + typeName(ndi.type));
      return {};
    }
    // numba's float32 and float64 signatures, as its overload resolution
    // picks them (numba-cuda's compile_ptx): float32 for a float16 and for
    // what converts to float32 safely (bool, int8, uint8, int16), float64
    // for wider integers (round(int64, n) is round(float64, n)).
    Type *x = args[0].type;
    auto *ft = dyn_cast<FloatType>(x);
    auto *it = dyn_cast<IntType>(x);
    if (args[0].weak)
      return ExprInfo{ctx.float64()};
    if (ft)
      return ExprInfo{ft->bits() == 16 && !ft->isBFloat16() ? ctx.float32() : x};
    bool toFloat32 = isa<BoolType>(x) || (it && !it->isEnum() &&
                                          (it->bits() == 8 || (it->bits() == 16 && it->isSigned())));
    return ExprInfo{toFloat32 ? ctx.float32() : ctx.float64()};
  }
  bool twoResults = path == "numpy.modf" || path == "numpy.frexp" || path == "numpy.divmod";
  if (twoResults && (!e.keywords.empty() || args.size() != (path == "numpy.divmod" ? 2u : 1u) ||
                     llvm::any_of(args, [](const ExprInfo &a) { return !a.type->isScalar(); }))) {
    // (NumPy's forms with output arrays are not supported: a loop writes them.)
    error(e.range(), "np." + path.drop_front(6) + "() takes " +
                         (path == "numpy.divmod" ? "two numbers" : "one number") +
                         " in kernels and returns a tuple; its forms with arrays or output "
                         "arrays are not supported (loop over the elements)");
    return {};
  }
  if (path == "math.modf" || path == "math.frexp" || path == "numpy.frexp" ||
      path == "numpy.modf") {
    // modf(x) -> (fraction, integral part); frexp(x) -> (mantissa, exponent),
    // numpy's exponent an int32 (its 'd->di' loop).
    if (!wantArgs(1, 1) || !wantScalar(0))
      return {};
    if (isa<ComplexType>(args[0].type)) {
      error(e.args[0]->range(), path + "() does not take a complex number");
      return {};
    }
    Type *t = isa<FloatType>(args[0].type) && !args[0].weak ? args[0].type : ctx.float64();
    return ExprInfo{ctx.tuple({t, path.ends_with(".modf") ? t
                                  : path == "numpy.frexp" ? ctx.int32()
                                                          : ctx.int64()})};
  }
  if (path == "numpy.round" || path == "numpy.angle" || path == "numpy.nan_to_num") {
    // np.round(x, decimals=0) (np.around, np.round_), np.angle(z, deg=False),
    // np.nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None) of a
    // number (numba's scalar implementations).
    llvm::StringRef name = path.drop_front(6);
    llvm::ArrayRef<llvm::StringRef> fields = detail::numpyParameters(name);
    std::string spelled = "np." + name.str() + "()";
    std::optional<std::vector<const Expr *>> parameters = bindParameters(e, fields, 1, spelled);
    if (!parameters)
      return {};
    std::vector<const Expr *> &bound = *parameters;
    std::vector<Type *> types;
    for (size_t i = 0; i < fields.size(); ++i) {
      types.push_back(!bound[i] ? nullptr : i < args.size() ? args[i].type : expr(*bound[i]).type);
      if (bound[i] && !types.back())
        return {};
    }
    Type *x = types[0];
    if (!x->isScalar() || (isa<BoolType>(x) && name == "round")) {
      error(bound[0]->range(), spelled + " takes a number in kernels (of an array it would make "
                                         "an array), not " + aTypeName(x));
      return {};
    }
    for (size_t i = 1; i < fields.size(); ++i) {
      if (!types[i] || isa<NoneType>(types[i]))
        continue;
      bool flag = fields[i] == "deg" || fields[i] == "copy";
      bool ok = fields[i] == "decimals" ? isa<IntType>(types[i])
                : flag                  ? isIntegral(types[i])
                                        : isIntegral(types[i]) || isa<FloatType>(types[i]);
      if (!ok) {
        error(bound[i]->range(), spelled + "'s " + fields[i].str() + " must be " +
                                     (fields[i] == "decimals" ? "an integer"
                                      : flag                  ? "a bool"
                                                              : "a real number") +
                                     ", not " + typeName(types[i]));
        return {};
      }
    }
    if (name == "angle") { // arctan2(imag, real): a float (float64 for integers)
      if (auto *ct = dyn_cast<ComplexType>(x))
        return ExprInfo{ctx.floatTy(ct->partBits())};
      return ExprInfo{isa<FloatType>(x) && !args[0].weak ? x : ctx.float64()};
    }
    return ExprInfo{isa<BoolType>(x) ? ctx.boolean() : x, args[0].weak};
  }
  if (path == "numpy.isclose") {
    // np.isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False) of two
    // numbers: numba's _isclose_item, NumPy's for complex ones (arrays would
    // make an array).
    llvm::ArrayRef<llvm::StringRef> fields = detail::numpyParameters("isclose");
    std::optional<std::vector<const Expr *>> parameters =
        bindParameters(e, fields, 2, "np.isclose()");
    if (!parameters)
      return {};
    std::vector<const Expr *> &bound = *parameters;
    for (size_t i = 0; i < 5; ++i) {
      if (!bound[i])
        continue;
      Type *t = i < args.size() ? args[i].type : expr(*bound[i]).type;
      if (!t)
        return {};
      bool ok = i == 4 ? isIntegral(t)
                : (isIntegral(t) || isa<FloatType>(t) || (i < 2 && isa<ComplexType>(t)));
      if (!ok) {
        error(bound[i]->range(), "np.isclose()'s " + fields[i].str() + " must be " +
                                     (i == 4 ? "a bool" : i < 2 ? "a number" : "a real number") +
                                     " in kernels, not " +
                                     typeName(t));
        return {};
      }
    }
    return ExprInfo{ctx.boolean()};
  }
  if (path == "numpy.divmod") {
    // (np.floor_divide(x, y), np.remainder(x, y)), both of the one loop's type.
    ExprInfo q = numpyOperatorCall(e, {NumpyOperatorUfunc::Kind::Binary, BinaryOp::FloorDiv},
                                   args, "numpy.op.floor_divide");
    if (!q.type)
      return {};
    return ExprInfo{ctx.tuple({q.type, q.type})};
  }
  if (path == "numpy.ndindex" || path == "numpy.ndenumerate" || path == "numpy.nditer") {
    error(e.range(), "np." + path.drop_front(6).str() +
                         "() is only supported as the iterable of a 'for' loop");
    return {};
  }
  if (path == "numpy.asarray") {
    // numba-cuda's np.asarray of an array is the array itself; of anything
    // else it would allocate one, which a kernel cannot.
    if (!wantArgs(1, 1))
      return {};
    if (!isa<ArrayType>(args[0].type)) {
      error(e.range(), "np.asarray() in kernels takes an array (it returns it); of " +
                           aTypeName(args[0].type) + " it would make a new array, which a "
                           "kernel cannot (cuda.local.array(shape, dtype) makes one)");
      return {};
    }
    return ExprInfo{args[0].type};
  }
  if (path == "abs" || path.starts_with("numpy."))
    return numpyScalarCall(e, path, args);
  if (path == "sum" || path == "any" || path == "all") {
    // Python's, over a 1-d array or a tuple of numbers (numba's ol_sum:
    // `acc = start; for x in it: acc = acc + x`, acc's type the unification,
    // so float32 elements sum in float64 from the int start).
    bool sum = path == "sum";
    if (args.empty() || args.size() > (sum ? 2u : 1u) || !e.keywords.empty()) {
      error(e.range(), path + "() takes " + (sum ? "an iterable and an optional start"
                                                 : "one iterable"));
      return {};
    }
    std::vector<Type *> elements;
    if (auto *at = dyn_cast<ArrayType>(args[0].type)) {
      if (at->ndim() != 1) {
        error(e.args[0]->range(), path + "() of a " + std::to_string(at->ndim()) +
                                      "-d array iterates its rows, which are arrays (use a." +
                                      path + "() or np." + path + "(a) for the elements)");
        return {};
      }
      elements.push_back(at->dtype());
    } else if (auto *tt = dyn_cast<TupleType>(args[0].type)) {
      elements = tt->elements();
    } else {
      error(e.args[0]->range(), path + "() takes a 1-d array or a tuple in kernels, not " +
                                    typeName(args[0].type));
      return {};
    }
    for (Type *el : elements)
      if (!el->isScalar()) {
        error(e.args[0]->range(), path + "() takes numbers, not " + typeName(el));
        return {};
      }
    if (!sum)
      return ExprInfo{ctx.boolean()};
    if (args.size() == 2 && !wantScalar(1))
      return {};
    Type *acc = args.size() == 2 ? args[1].type : ctx.int64();
    for (bool changed = true; changed;) { // to the fixed point of acc + x
      changed = false;
      for (Type *el : elements) {
        Type *t = binaryResultType(ctx, BinaryOp::Add, {acc}, {el}); // acc + x's type
        Type *u = unifyTypes(ctx, acc, t);
        if (u && u != acc) {
          acc = u;
          changed = true;
        }
      }
    }
    return ExprInfo{acc};
  }
  if (path == "min" || path == "max") {
    if (auto *tt = args.size() == 1 ? dyn_cast<TupleType>(args[0].type) : nullptr) {
      // max(t) of a tuple of numbers: of its elements (numba).
      if (tt->size() == 0) {
        error(e.args[0]->range(), path + "() arg is an empty tuple");
        return {};
      }
      Type *t = nullptr;
      for (Type *el : tt->elements()) {
        if (!el->isScalar() || isa<ComplexType>(el)) {
          error(e.args[0]->range(), path + "() of a tuple takes a tuple of real numbers, not " +
                                        typeName(tt));
          return {};
        }
        t = t ? promoteOperands(ctx, {t}, {el}) : el;
      }
      return ExprInfo{t};
    }
    if (auto *at = args.size() == 1 ? dyn_cast<ArrayType>(args[0].type) : nullptr) {
      // max(a) of a 1-d array: Python's over its elements (numba's builtin
      // over an iterable).
      if (at->ndim() != 1 || !at->dtype()->isScalar() || isa<ComplexType>(at->dtype())) {
        error(e.args[0]->range(), path + "() of an array takes a 1-d array of real numbers, "
                                         "not " + typeName(at) + " (np." + path +
                                         "(a) reduces any array)");
        return {};
      }
      return ExprInfo{at->dtype()};
    }
    if (args.empty()) {
      error(e.range(), path + "() takes at least 1 argument, got 0 (two or more numbers, a "
                              "tuple or a 1-d array)");
      return {};
    }
    if (args.size() < 2) {
      error(e.range(), path + "() of one number is not supported in kernels (it takes two or "
                              "more numbers, a tuple or a 1-d array)");
      return {};
    }
    // numba unifies the arguments' types; a Python int among integers is
    // an int64 there (`min(u32, 5)` is int64, as in its arithmetic), while
    // a float literal stays weak (NEP 50, as pyjit's float promotion).
    bool integers = llvm::all_of(args, [](const ExprInfo &a) {
      return a.type && isa<IntType, BoolType>(a.type);
    });
    auto operand = [&](const ExprInfo &a) {
      TypedOperand o = operandOf(a);
      if (integers && o.weak)
        o = {isa<BoolType>(o.type) ? o.type : ctx.int64(), false};
      return o;
    };
    TypedOperand acc = operand(args[0]);
    for (size_t i = 0; i < args.size(); ++i) {
      if (!wantScalar(i))
        return {};
      if (i == 0)
        continue;
      TypedOperand next = operand(args[i]);
      acc = {promoteOperands(ctx, acc, next), acc.weak && next.weak};
    }
    return ExprInfo{fitLiterals(ctx, acc.type, args), acc.weak};
  }
  if ((path == "dtype.complex64" || path == "dtype.complex128") && args.size() == 2) {
    // np.complex128(re, im): numba takes the two parts (real numbers).
    for (size_t i = 0; i < 2; ++i)
      if (!args[i].type->isScalar() || isa<ComplexType>(args[i].type)) {
        error(e.args[i]->range(), path.drop_front(6) + "() needs a real number here, not " +
                                      typeName(args[i].type));
        return {};
      }
    return ExprInfo{ctx.scalarByName(path.drop_front(6))};
  }
  if (path == "bool" && args.size() == 1 && e.keywords.empty()) {
    if (auto *tt = dyn_cast<TupleType>(args[0].type)) // bool(t): t is not empty
      return constant(GlobalValue::ofBool(tt->size() > 0));
    if (isa<NoneType>(args[0].type)) // bool(None), bool(x) of an argument None: False
      return constant(GlobalValue::ofBool(false));
    // bool("x") of a string constant: Python's truth, as `not s` decides it
    if (args[0].constant && args[0].constant->isString())
      return constant(GlobalValue::ofBool(*args[0].constant->truth()));
  }
  if (path == "int" || path == "float" || path == "bool" || path.starts_with("dtype.")) {
    if (!wantArgs(1, 1) || !wantScalar(0))
      return {};
    // numba's Int and Float templates: int() keeps an integer's type (int32
    // stays int32), float() a float's (float32 stays float32); the others
    // become int64 (intp) and float64.
    if (path == "int")
      return ExprInfo{isa<IntType>(args[0].type) && !cast<IntType>(args[0].type)->isEnum() &&
                              !args[0].weak
                          ? args[0].type
                          : ctx.int64()};
    if (path == "float")
      return ExprInfo{isa<FloatType>(args[0].type) && !args[0].weak ? args[0].type
                                                                    : ctx.float64()};
    if (path == "bool")
      return ExprInfo{ctx.boolean()};
    return ExprInfo{ctx.scalarByName(path.drop_front(6))};
  }
  if (path == "breakpoint") { // numba-cuda's: no arguments, a cuda-gdb stop
    if (!e.keywords.empty()) {
      error(e.keywords[0].range, "breakpoint() takes no arguments in kernels");
      return {};
    }
    if (!wantArgs(0, 0))
      return {};
    return ExprInfo{ctx.none()};
  }
  if (path == "literal_unroll") { // numba's: the tuple itself (loops over tuples unroll)
    if (!wantArgs(1, 1))
      return {};
    if (!isa<TupleType>(args[0].type)) {
      error(e.args[0]->range(), "literal_unroll() takes a tuple, not " + typeName(args[0].type));
      return {};
    }
    return args[0];
  }
  if (path == "iter") {
    // iter(a), iter(r): an iterator whose copies share its position
    // (IteratorType); iter() of an iterator is that iterator.
    if (!wantArgs(1, 1))
      return {};
    Type *t = args[0].type;
    if (isa<IteratorType>(t))
      return ExprInfo{t};
    if (auto *at = dyn_cast<ArrayType>(t); at && !at->isPointer() && at->ndim() > 0)
      return ExprInfo{ctx.iterator(at, firstAxisElement(ctx, at))};
    if (auto *rt = dyn_cast<RangeType>(t))
      return ExprInfo{ctx.iterator(rt, rt->element())};
    // numba's UniTuple iterator: elements of one type (numbers, arrays,
    // tuples of them), picked by the position as a run-time index picks them
    if (auto *tt = dyn_cast<TupleType>(t); tt && tt->size() > 0 &&
                                           llvm::all_equal(tt->elements()) &&
                                           selectableAtRunTime(tt->elements()[0]))
      return ExprInfo{ctx.iterator(tt, tt->elements()[0])};
    auto *at = dyn_cast<ArrayType>(t);
    error(e.args[0]->range(),
          "iter() of " + aTypeName(t) + " is not supported in kernels" +
              (at && at->ndim() == 0 ? " (a 0-d array has no items; read it with [()])"
               : at                  ? " (a pointer has no length; carray(p, shape) views it "
                                       "as an array)"
                                     : " (of an array, a range, or a tuple of numbers, arrays "
                                       "or tuples of them, all of one type, it is)"));
    return {};
  }
  if (path == "next") {
    // next(it): the iterator's next item; past the last, StopIteration (as
    // numba's next() of one argument).
    if (e.args.size() == 2 && e.keywords.empty()) {
      error(e.args[1]->range(), "next() with a default is not supported in kernels (numba's "
                                "next() takes the iterator alone)");
      return {};
    }
    if (!wantArgs(1, 1))
      return {};
    if (auto *it = dyn_cast<IteratorType>(args[0].type))
      return ExprInfo{it->element()};
    error(e.args[0]->range(), "next() takes an iterator (made by iter()), not " +
                                  typeName(args[0].type));
    return {};
  }
  if (path == "ord") {
    // ord('A'), ord(SEP) of a one-character string constant: its code
    // point, a constant (numba's kernels have no run-time strings).
    if (!wantArgs(1, 1))
      return {};
    const GlobalValue *text = args[0].constant && args[0].constant->isString()
                                  ? &*args[0].constant
                                  : nullptr;
    bool bytes = text && text->dtype == "bytes";
    size_t length = !text ? 0 : bytes ? text->data.size() : codePoints(text->data);
    if (text && length == 1) {
      if (bytes) // Python: ord(b'a') is 97 too
        return constant(GlobalValue::ofInt(static_cast<unsigned char>(text->data[0])));
      const auto *from = reinterpret_cast<const llvm::UTF8 *>(text->data.data());
      llvm::UTF32 cp = 0, *to = &cp;
      if (llvm::ConvertUTF8toUTF32(&from, from + text->data.size(), &to, to + 1,
                                   llvm::strictConversion) == llvm::conversionOK)
        return constant(GlobalValue::ofInt(static_cast<int64_t>(cp)));
    }
    error(e.args[0]->range(),
          "ord() in kernels takes a one-character string constant, not " +
              (text ? "a string of " + llvm::Twine(length) + " characters"
                    : llvm::Twine(aTypeName(args[0].type))));
    return {};
  }
  if (path == "hasattr") {
    // hasattr(math, 'exp2'): whether the attribute types here, decided when
    // compiling, as numba decides it (a constant; the probe reports nothing).
    if (!wantArgs(2, 2))
      return {};
    if (!args[1].constant || !args[1].constant->isString() || args[1].constant->dtype == "bytes") {
      error(e.args[1]->range(), "hasattr() in kernels takes the attribute's name as a string "
                                "constant, not " + aTypeName(args[1].type));
      return {};
    }
    ExprPtr object = copyPureExpr(*e.args[0]);
    if (!object) {
      error(e.args[0]->range(), "hasattr() in kernels takes a name or an attribute (m.sub) as its "
                                "object");
      return {};
    }
    auto probe = std::make_unique<AttributeExpr>(e.range(), std::move(object),
                                                 args[1].constant->data);
    bool wasReporting = reporting, hadFailed = failed;
    reporting = false;
    bool has = expr(*probe).type != nullptr;
    reporting = wasReporting;
    failed = hadFailed;
    result.replacedCalls.push_back(std::move(probe)); // (its address stays taken)
    return constant(GlobalValue::ofBool(has));
  }
  if (path == "len") {
    if (!wantArgs(1, 1))
      return {};
    if (auto *tt = dyn_cast<TupleType>(args[0].type))
      return constant(GlobalValue::ofInt(static_cast<int64_t>(tt->size())));
    if (isa<CharSeqType>(args[0].type)) // its characters up to the last nonzero one
      return ExprInfo{ctx.int64()};
    if (isa<RangeType>(args[0].type)) // a range object's number of items
      return ExprInfo{ctx.int64()};
    if (isa<FlatIterType>(args[0].type))
      return ExprInfo{ctx.int64()}; // len(a.flat): a.size
    if (args[0].constant && args[0].constant->isString()) {
      // A string constant's length in code points, as Python counts them
      // (a bytes constant's in bytes).
      const GlobalValue &text = *args[0].constant;
      return constant(GlobalValue::ofInt(static_cast<int64_t>(
          text.dtype == "bytes" ? text.data.size() : codePoints(text.data))));
    }
    if (auto *at = dyn_cast<ArrayType>(args[0].type)) {
      if (at->ndim() == 0) { // NumPy: TypeError: len() of unsized object
        error(e.args[0]->range(), "len() of a 0-d array (it has no length; its size is 1)");
        return {};
      }
      return ExprInfo{ctx.int64()};
    }
    error(e.args[0]->range(), "len() of " + aTypeName(args[0].type) + " is not supported");
    return {};
  }
  if (path == "slice") {
    // slice(stop), slice(start, stop[, step]) of integers or None: numba's
    // slice3_type (SliceType).
    if (!e.keywords.empty() || args.empty() || args.size() > 3) {
      error(e.range(), "slice() takes 1 to 3 positional arguments");
      return {};
    }
    for (size_t i = 0; i < args.size(); ++i) {
      auto *it = dyn_cast<IntType>(args[i].type);
      if ((!isIntegral(args[i].type) && !isa<NoneType>(args[i].type)) || (it && it->isEnum())) {
        error(e.args[i]->range(), "slice() arguments must be integers or None, not " +
                                      typeName(args[i].type));
        return {};
      }
    }
    return ExprInfo{ctx.slice()};
  }
  if (path == "method.slice.indices") {
    // s.indices(n): Python's (start, stop, step) for a sequence of length n.
    if (args.size() != 1 || !e.keywords.empty() || !isIntegral(args[0].type)) {
      error(e.range(), "s.indices() takes one integer, the length");
      return {};
    }
    return ExprInfo{ctx.tuple({ctx.int64(), ctx.int64(), ctx.int64()})};
  }
  if (path == "range") { // a range object as a value (r = range(n)): numba's range_state
    Type *element = rangeElementType(e);
    return element ? ExprInfo{ctx.range(element)} : ExprInfo{};
  }
  if (path == "enumerate" || path == "zip") {
    error(e.range(), path + "() is only supported as the iterable of a 'for' loop");
    return {};
  }
  error(e.callee->range(), "calling '" + path + "' is not supported in kernels");
  return {};
}

// A literal default value (number, bool, or a negated number).
static std::optional<GlobalValue> literalDefault(const Expr &e) {
  if (auto *i = dyn_cast<IntLitExpr>(&e))
    return GlobalValue::ofInt(i->value);
  if (auto *f = dyn_cast<FloatLitExpr>(&e))
    return GlobalValue::ofFloat(f->value);
  if (auto *b = dyn_cast<BoolLitExpr>(&e))
    return GlobalValue::ofBool(b->value);
  if (auto *s = dyn_cast<StrLitExpr>(&e))
    return GlobalValue::ofString(s->value);
  if (isa<NoneLitExpr>(&e)) {
    GlobalValue none;
    none.kind = GlobalValue::Kind::None;
    return none;
  }
  if (auto *u = dyn_cast<UnaryExpr>(&e); u && u->op == UnaryOp::Neg) {
    if (auto *i = dyn_cast<IntLitExpr>(u->operand.get()))
      return GlobalValue::ofInt(static_cast<int64_t>(0 - static_cast<uint64_t>(i->value)));
    if (auto *f = dyn_cast<FloatLitExpr>(u->operand.get()))
      return GlobalValue::ofFloat(-f->value);
  }
  return std::nullopt;
}

ExprInfo Inferer::floatOfString(const CallExpr &e, const StrLitExpr &text,
                                llvm::StringRef path) {
  // float("inf"), float("-nan"), float("1e-3"): Python's float() of a string
  // (numba types float("inf") since 0.59), folded here.
  std::string t = llvm::StringRef(text.value).trim().lower();
  llvm::StringRef body = t;
  bool negative = body.consume_front("-");
  if (!negative)
    body.consume_front("+");
  // Python's grammar (the float() of the language reference): digits with
  // single underscores between them, an optional fraction and exponent.
  auto digits = [](llvm::StringRef &s, std::string &out) {
    size_t n = 0;
    while (!s.empty()) {
      if (std::isdigit(static_cast<unsigned char>(s[0]))) {
        out += s[0];
        ++n;
      } else if (!(s[0] == '_' && n > 0 && s.size() > 1 &&
                   std::isdigit(static_cast<unsigned char>(s[1])))) {
        break;
      }
      s = s.drop_front();
    }
    return n;
  };
  double v = 0;
  bool ok = true;
  if (body == "inf" || body == "infinity") {
    v = std::numeric_limits<double>::infinity();
  } else if (body == "nan") {
    v = std::numeric_limits<double>::quiet_NaN();
  } else {
    std::string number;
    size_t whole = digits(body, number), fraction = 0;
    if (body.consume_front(".")) {
      number += '.';
      fraction = digits(body, number);
    }
    ok = whole + fraction > 0;
    if (ok && body.consume_front("e")) {
      number += 'e';
      if (body.consume_front("-"))
        number += '-';
      else
        body.consume_front("+");
      ok = digits(body, number) > 0;
    }
    ok = ok && body.empty();
    if (ok)
      v = std::strtod(number.c_str(), nullptr); // correctly rounded, as Python's
  }
  if (!ok) {
    error(text.range(), "could not convert string to float: '" + text.value + "'");
    return {};
  }
  ExprInfo r = constant(GlobalValue::ofFloat(negative ? -v : v));
  if (path == "dtype.float32") { // np.float32("inf"): a float32 constant, not weak
    r.type = ctx.float32();
    r.weak = false;
  } else if (path == "dtype.float64") {
    r.weak = false;
  }
  result.exprs[e.args[0].get()] = ExprInfo{ctx.none()};
  return r;
}

Type *Inferer::integerLoop(const CallExpr &e, llvm::StringRef name,
                           const std::vector<ExprInfo> &args) {
  // NEP 50: a Python int (weak) takes the other operand's integer type.
  TypedOperand l = operandOf(args[0]), r = operandOf(args[1]);
  Type *t = l.weak != r.weak ? fitLiterals(ctx, promoteOperands(ctx, l, r), args) : nullptr;
  if (t && isIntegral(t))
    return t;
  error(e.range(), name + "() of " + typeName(args[0].type) + " and " + typeName(args[1].type) +
                       ": NumPy has no integer loop for them (they promote to float64); "
                       "convert one first");
  return nullptr;
}

ExprInfo Inferer::numpyScalarCall(const CallExpr &e, llvm::StringRef path,
                                  const std::vector<ExprInfo> &args) {
  // abs and numpy's scalar ufuncs on numbers (also one element of each
  // operand of arrayUfunc's loop: args are then the arrays' element types).
  auto scalarArgs = [&](size_t n) {
    if (args.size() != n) {
      error(e.range(), path + "() takes " + llvm::Twine(n) + " argument" + (n == 1 ? "" : "s") +
                           ", got " + llvm::Twine(args.size()));
      return false;
    }
    for (size_t i = 0; i < n; ++i)
      if (!args[i].type->isScalar()) {
        error(e.args[i]->range(), path + "() needs a number, not " + typeName(args[i].type));
        return false;
      }
    return true;
  };
  if (path == "abs") {
    if (!scalarArgs(1))
      return {};
    if (auto *ct = dyn_cast<ComplexType>(args[0].type))
      return ExprInfo{ctx.floatTy(ct->partBits())};
    return ExprInfo{isa<BoolType>(args[0].type) ? ctx.int64() : args[0].type, args[0].weak};
  }
  if (path == "numpy.clip") {
    // np.clip(x, lo, hi) of numbers: np.minimum(np.maximum(x, lo), hi), in
    // NumPy 2's promoted type (a NaN anywhere gives NaN; complex numbers in
    // NumPy's order, by real part then imaginary; NumPy clips scalars,
    // numba's np.clip only arrays).
    if (args.size() != 3) {
      error(e.range(), "np.clip() takes the number and its bounds (np.clip(x, lo, hi)), or "
                       "arrays and an output array, in kernels");
      return {};
    }
    for (size_t i = 0; i < 3; ++i)
      if (!args[i].type->isScalar() && !(i > 0 && isa<NoneType>(args[i].type))) {
        error(e.args[i]->range(), std::string("np.clip() takes ") +
                                      (i ? "a number or None as a bound" : "a number or an array") +
                                      ", not " + typeName(args[i].type));
        return {};
      }
    TypedOperand acc = operandOf(args[0]);
    for (size_t i = 1; i < 3; ++i) // (a None bound clips on one side only)
      if (!isa<NoneType>(args[i].type))
        acc = {promoteOperands(ctx, acc, operandOf(args[i])), acc.weak && args[i].weak};
    Type *t = fitLiterals(ctx, acc.type, args);
    return ExprInfo{isa<BoolType>(t) ? ctx.intTy(8, true) : t, acc.weak};
  }
  if (path == "numpy.isnat") { // NaT: -2**63 (NumPy's only loops are M and m)
    if (args.size() != 1) {
      error(e.range(), "numpy.isnat() takes 1 argument, got " + llvm::Twine(args.size()));
      return {};
    }
    if (!isa<DatetimeType>(args[0].type)) {
      error(e.args[0]->range(), "numpy.isnat() is only defined for datetime64 and "
                                "timedelta64, not " + typeName(args[0].type));
      return {};
    }
    return ExprInfo{ctx.boolean()};
  }
  if (path.starts_with("numpy.")) {
    // numpy's scalar ufuncs: minimum/maximum (NaN wins), fmin/fmax (NaN
    // loses), sign, square, negative; NumPy 2 promotion, bools as int64.
    bool logaddexp = path == "numpy.logaddexp" || path == "numpy.logaddexp2";
    bool binary = numpyScalarArity(path.drop_front(6)) == 2;
    if (!scalarArgs(binary ? 2 : 1))
      return {};
    bool minmax = path == "numpy.minimum" || path == "numpy.maximum" || path == "numpy.fmin" ||
                  path == "numpy.fmax";
    if ((path == "numpy.negative" || path == "numpy.square" || path == "numpy.reciprocal") &&
        isa<ComplexType>(args[0].type)) // -z, z * z, 1 / z (NumPy's complex loops)
      return ExprInfo{args[0].type, args[0].weak};
    if (path == "numpy.float_power") // computed in float64, or complex128 (its only loops)
      return ExprInfo{llvm::any_of(args, [](const ExprInfo &a) {
                        return isa<ComplexType>(a.type);
                      }) ? static_cast<Type *>(ctx.complexTy(128)) : ctx.float64()};
    if (path == "numpy.fmod") {
      // NumPy's fmod: C's remainder (the dividend's sign, 0 for a zero
      // divisor) in the integer type for integers and bools (bools as
      // int8: NumPy's 'bb->b' loop), else math.fmod's float.
      auto integral = [](const ExprInfo &a) { return isa<IntType, BoolType>(a.type); };
      if (!integral(args[0]) || !integral(args[1])) {
        std::vector<TypedOperand> ops{operandOf(args[0]), operandOf(args[1])};
        if (Type *t = mathOperandType(ctx, MathFn::Fmod, ops); t && !isa<ComplexType>(t))
          return ExprInfo{t};
        error(e.range(), path + "() takes real numbers, not " + typeName(args[0].type) +
                             " and " + typeName(args[1].type));
        return {};
      }
      TypedOperand l = operandOf(args[0]), r = operandOf(args[1]);
      if (l.weak != r.weak) // a Python int picks the loop as an int64 (numba)
        l.weak = r.weak = false;
      Type *t = fitLiterals(ctx, promoteOperands(ctx, l, r), args);
      if (isa<BoolType>(t))
        t = ctx.intTy(8, true);
      if (!isa<IntType>(t) && !(t = integerLoop(e, path, args)))
        return {};
      return ExprInfo{t, l.weak && r.weak};
    }
    if (path == "numpy.gcd" || path == "numpy.lcm") {
      for (size_t i = 0; i < 2; ++i)
        if (!isa<IntType>(args[i].type)) { // (numpy has no bool or float loop)
          error(e.args[i]->range(), path + "() takes integers, not " + typeName(args[i].type));
          return {};
        }
      TypedOperand l = operandOf(args[0]), r = operandOf(args[1]);
      if (l.weak != r.weak) // a Python int picks the loop as an int64 (numba)
        l.weak = r.weak = false;
      Type *t = fitLiterals(ctx, promoteOperands(ctx, l, r), args);
      if (!isa<IntType>(t) && !(t = integerLoop(e, path, args)))
        return {};
      return ExprInfo{t, l.weak && r.weak};
    }
    if (path == "numpy.sinc" && isa<ComplexType>(args[0].type))
      return ExprInfo{args[0].type, args[0].weak};
    for (size_t i = 0; i < args.size(); ++i)
      if (isa<ComplexType>(args[i].type) && !minmax) { // (NumPy orders complex numbers)
        error(e.args[i]->range(), path + "() does not take complex numbers in kernels");
        return {};
      }
    if (path == "numpy.signbit")
      return ExprInfo{ctx.boolean()};
    if (path == "numpy.sinc") { // NumPy's: pi * x of a float keeps its type, else float64
      Type *x = args[0].type;
      return ExprInfo{isa<FloatType>(x) && !args[0].weak ? x : ctx.float64(), args[0].weak};
    }
    if (logaddexp || path == "numpy.nextafter" || path == "numpy.heaviside" ||
        path == "numpy.spacing") {
      // Float loops only: float16/32/64 stay as they are; integers of up to
      // 16 bits and bools compute in float32 (numba's ufunc_db has no float16
      // loop for them, NumPy picks float16 for 8-bit ones), wider ones and
      // Python numbers in float64.
      TypedOperand acc = operandOf(args[0]);
      if (binary)
        acc = {promoteOperands(ctx, acc, operandOf(args[1])), acc.weak && args[1].weak};
      Type *t = acc.type;
      if (acc.weak)
        t = ctx.float64();
      else if (auto *it = dyn_cast<IntType>(t))
        t = it->bits() <= 16 ? ctx.float32() : ctx.float64();
      else if (isa<BoolType>(t))
        t = ctx.float32();
      return ExprInfo{t, acc.weak}; // float16 stays float16 (NumPy's 'e' loops)
    }
    TypedOperand acc = operandOf(args[0]);
    if (binary)
      acc = {promoteOperands(ctx, acc, operandOf(args[1])), acc.weak && args[1].weak};
    Type *t = fitLiterals(ctx, acc.type, args);
    if (isa<BoolType>(t) && !binary) {
      // numpy: sign and negative have no bool loop; square and reciprocal of
      // a bool are int8.
      if (path != "numpy.square" && path != "numpy.reciprocal") {
        error(e.range(), path + "() does not take a bool (numpy has no bool loop for it)");
        return {};
      }
      t = ctx.intTy(8, true);
    }
    return ExprInfo{t, acc.weak};
  }
  llvm_unreachable("numpyScalarCall: not abs or a numpy scalar function");
}

// Arguments that are compile-time constants (literals, constant locals,
// globals, defaults): ints, bools and tuples of ints, as numba's Literal
// types, and strings, read as constants in the callee (a shared array's
// shape, a pruned `if`). Each set of them is an instance of its own.
std::vector<std::optional<GlobalValue>>
Inferer::callConstants(const CallBinding &binding, llvm::ArrayRef<Type *> argTypes) {
  std::vector<std::optional<GlobalValue>> constants(argTypes.size());
  auto literal = [&](const GlobalValue &c, Type *t) {
    auto fits = [](const GlobalValue &v, Type *type) {
      auto *it = dyn_cast<IntType>(type);
      return v.kind == GlobalValue::Kind::Int && it && !it->isEnum() && fitsIn(v.i, it);
    };
    if (c.kind == GlobalValue::Kind::Bool)
      return isa<BoolType>(t);
    if (c.isString()) // f(a, "add"): the callee compares it when compiling
      return true;
    if (c.kind == GlobalValue::Kind::NamedTupleClass) // f(Point): the callee makes Points
      return true;
    if (c.kind == GlobalValue::Kind::Tuple) {
      auto *tt = dyn_cast<TupleType>(t);
      if (!tt || tt->isNamed() || tt->size() != c.elements.size())
        return false;
      for (size_t k = 0; k < c.elements.size(); ++k)
        if (!fits(c.elements[k], tt->elements()[k]))
          return false;
      return true;
    }
    return fits(c, t);
  };
  // An expression's constant: its own, or a tuple display's of constants.
  std::function<std::optional<GlobalValue>(const Expr &)> constantOf =
      [&](const Expr &x) -> std::optional<GlobalValue> {
    if (auto it = result.exprs.find(&x); it != result.exprs.end() && it->second.constant)
      return it->second.constant;
    auto *te = dyn_cast<TupleExpr>(&x);
    if (!te)
      return std::nullopt;
    GlobalValue t{GlobalValue::Kind::Tuple, 0, 0.0, {}};
    for (const ExprPtr &el : te->elts) {
      std::optional<GlobalValue> c = constantOf(*el);
      if (!c)
        return std::nullopt;
      t.elements.push_back(*c);
    }
    return t;
  };
  for (size_t i = 0; i < argTypes.size(); ++i) {
    std::optional<GlobalValue> c;
    if (static_cast<int>(i) == binding.varargParam)
      continue; // (a tuple of the arguments: values, not a constant)
    if (!binding.args[i])
      c = binding.defaults[i];
    else if (i >= binding.elements.size() || binding.elements[i] < 0)
      c = constantOf(*binding.args[i]);
    if (c && literal(*c, argTypes[i]))
      constants[i] = *c;
  }
  return constants;
}

ExprInfo Inferer::deviceCall(const CallExpr &e, const DeviceFunctionSource &fn,
                             const Expr *self, llvm::StringRef selfKind) {
  if (!registry) {
    error(e.callee->range(), "device function '" + fn.name + "' cannot be called here");
    return {};
  }
  // A call of a function being typed is recursion: its arguments are not
  // taken as constants (each would be an instance of its own, and the
  // recursion unrolled when compiling), so the call reaches the instance
  // being typed, or one that will call itself. Strings stay constants (an
  // instance per string: finitely many, the literals of the source).
  const bool recursing = registry->inProgress(fn);
  if (registry->depth() >= DeviceFunctionRegistry::MaxDepth) {
    error(e.range(), "device functions are nested more than " +
                         llvm::Twine(DeviceFunctionRegistry::MaxDepth) + " calls deep (each "
                         "is inlined where it is called)");
    return {};
  }
  const FunctionDef *callee = registry->definition(fn, diags);
  if (!callee) {
    failed = true;
    return {};
  }
  CallBinding binding;
  std::vector<Type *> argTypes;
  bool pending = false;
  if (!bindArguments(e, *callee,
                     (self && !fn.overload.empty() ? "overloaded " + selfKind.str() + " '"
                                                   : std::string("device function '")) +
                         fn.name + "'",
                     binding, argTypes, pending, &fn.globals, self) ||
      pending)
    return {};
  if (!fn.overload.empty())
    return overloadCall(e, fn, binding, argTypes);
  Type *declaredResult = nullptr;
  if (!fn.signatures.empty()) {
    // Declared signatures: the call takes the one needing the least
    // conversion, rated as numba rates them (the fewest unsafe conversions,
    // then safe ones, then promotions; of tied ones the one declared first,
    // as numba-cuda's device functions take it: its
    // test_explicit_signatures_device_ambiguous, numba issue #8307; a
    // kernel's launch refuses a tie), and its arguments convert to that
    // signature's types.
    std::vector<std::string> problems;
    std::optional<Signature> best;
    std::array<unsigned, 3> bestRank{};
    const ast::Expr *badArg = nullptr;
    for (const std::string &text : fn.signatures) {
      auto sig = parseSignature(ctx, text);
      if (!sig) {
        error(e.callee->range(), "device function '" + fn.name + "': " +
                                     llvm::toString(sig.takeError()));
        return {};
      }
      if (sig->args.size() != argTypes.size()) {
        problems.push_back("'" + text + "' has " + std::to_string(sig->args.size()) +
                           " parameters, the definition " + std::to_string(argTypes.size()));
        continue;
      }
      std::array<unsigned, 3> rank{}; // unsafe, safe, promotions
      bool passes = true;
      for (size_t i = 0; i < argTypes.size() && passes; ++i) {
        std::optional<Conversion> c = conversionTo(sig->args[i], argTypes[i]);
        if (!c) {
          passes = false;
          problems.push_back("argument " + std::to_string(i + 1) + " is " +
                             typeName(argTypes[i]) + ", which does not convert to " +
                             typeName(sig->args[i]) + " ('" + text + "')");
          if (!badArg)
            badArg = binding.args[i];
        } else if (*c != Conversion::Exact) {
          ++rank[*c == Conversion::Unsafe ? 0 : *c == Conversion::Safe ? 1 : 2];
        }
      }
      if (!passes)
        continue;
      if (!best || rank < bestRank) {
        best = std::move(*sig);
        bestRank = rank;
      }
    }
    if (!best) {
      std::string list;
      for (const std::string &p : problems)
        list += (list.empty() ? "" : "; ") + p;
      error(fn.signatures.size() == 1 && badArg ? badArg->range() : e.range(),
            "no signature of device function '" + fn.name + "' takes these arguments: " + list);
      return {};
    }
    for (size_t i = 0; i < argTypes.size(); ++i)
      argTypes[i] = best->args[i];
    declaredResult = best->returnType; // (null: none declared)
  }
  std::vector<std::optional<GlobalValue>> constants = callConstants(binding, argTypes);
  if (recursing) {
    // Argument types that grow with each call (f((t, t))) would be typed
    // anew at every level, each twice the size: numba's "does not converge".
    std::function<size_t(Type *)> leaves = [&](Type *t) -> size_t {
      auto *tt = dyn_cast<TupleType>(t);
      if (!tt)
        return 1;
      size_t n = 0;
      for (Type *el : tt->elements())
        n = std::min<size_t>(n + leaves(el), 1 << 20);
      return n;
    };
    for (size_t i = 0; i < argTypes.size() && !registry->inProgressWith(fn, argTypes); ++i)
      if (leaves(argTypes[i]) > 256) {
        error(e.range(), "the argument types of recursive device function '" + fn.name +
                             "' grow with each call (argument " + llvm::Twine(i + 1) +
                             " is a tuple of more than 256 elements): the recursion's types "
                             "do not converge");
        return {};
      }
    for (std::optional<GlobalValue> &c : constants) // (strings stay: no run-time value)
      if (c && !c->isString())
        c.reset();
  }
  // Nested defs passed as arguments (closures): the callee finds them, and
  // this function's variables, while it is typed.
  Enclosing here{&result.locals, &nestedDefs, &callingDefs, &nestedInstances, &typedDefs};
  std::vector<std::string> passedClosures;
  for (Type *t : argTypes)
    if (auto *bt = dyn_cast<BuiltinType>(t); bt && bt->path().starts_with("nested.")) {
      std::string name = bt->path().drop_front(7).str();
      const FunctionDef *def = nestedDef(name);
      if (!def)
        continue; // (a closure passed on again: already registered by its definer)
      const Enclosing *env = nestedDefs.count(name) || !enclosing ? &here : enclosing;
      // (which def, by address: two closures of one name are two instances)
      std::string key = std::to_string(reinterpret_cast<uintptr_t>(def)) + ":";
      for (const auto &[var, type] : *env->locals)
        key += var + ":" + (type ? type->str() : "?") + ",";
      registry->passClosure(bt->path().str(), {def, env, key, &globals, &diags.currentFile()});
      passedClosures.push_back(bt->path().str());
    }
  llvm::scope_exit endClosures([&] {
    for (const std::string &path : passedClosures)
      registry->endClosure(path);
  });
  Type *soFar = nullptr;
  bool itself = false;
  if (const TypedFunction *typing = registry->typingNow(fn, argTypes, constants, soFar, itself))
    return recursiveCall(e, fn, *callee, std::move(binding), argTypes, typing,
                         declaredResult ? declaredResult : soFar,
                         /*assumes=*/!itself && !declaredResult);
  const TypedFunction *instance;
  if (reporting) {
    instance = registry->instantiate(fn, argTypes, diags, e.range(), constants);
  } else {
    // Argument types may still widen: type quietly, report in the last pass.
    DiagnosticEngine quiet(diags.currentFile());
    instance = registry->instantiate(fn, argTypes, quiet, e.range(), constants,
                                     /*report=*/false);
  }
  if (!instance) {
    failed = true;
    return {};
  }
  binding.callee = instance;
  result.calls[&e] = std::move(binding);
  auto noteReturns = [&] { // where the callee's returns are
    if (reporting && instance->def && instance->file) {
      DiagnosticEngine::FileScope scope(diags, *instance->file);
      diags.note(SourceRange(instance->def->range.begin),
                 "'" + fn.name + "' is defined here; its returns give " +
                     typeName(instance->returnType));
    }
  };
  if (!isa<NoneType>(instance->returnType) &&
      ((declaredResult && isa<NoneType>(declaredResult)) || !fn.returnsNothing.empty())) {
    // 'void(float64)' of a function that returns a value (numba-cuda: "No
    // conversion from float64 to none").
    error(e.range(), "device function '" + fn.name + "' returns " +
                         typeName(instance->returnType) + ", but " +
                         (fn.returnsNothing.empty()
                              ? "its signature declares none (void): return nothing, or "
                                "declare the result type"
                              : fn.returnsNothing));
    noteReturns();
    return {};
  }
  if (declaredResult && declaredResult->isScalar() && isa<OptionalType>(instance->returnType))
    return ExprInfo{declaredResult}; // None converts as numba's cast does: IRGen's castTo
  if (declaredResult && instance->returnType != declaredResult) {
    // The result converts to the declared type (IRGen), as numba's cast
    // does: a number to another (not complex to real), a tuple element by
    // element (UniTuple(float64, 2), nested ones too); anything else
    // (an array, an Optional of another type) only as itself.
    if (!convertsToDeclared(instance->returnType, declaredResult)) {
      error(e.range(), "device function '" + fn.name + "' returns " +
                           typeName(instance->returnType) + ", which does not convert to " +
                           "its declared " + typeName(declaredResult));
      noteReturns();
      return {};
    }
    return ExprInfo{declaredResult};
  }
  return ExprInfo{instance->returnType};
}


ExprInfo Inferer::overloadCall(const CallExpr &e, const DeviceFunctionSource &fn,
                               const CallBinding &binding, llvm::ArrayRef<Type *> argTypes) {
  // The call's arguments bound to the typing function's parameters (its
  // stub): the variant for their types, as numba's overload template calls
  // the typing function with the types the call gives (none for a
  // parameter left out).
  // An int or bool argument known when compiling also gives its value
  // ("int64\t5"): numba calls a typing function with its literal type when
  // the plain one finds no implementation.
  std::vector<std::optional<GlobalValue>> constants = callConstants(binding, argTypes);
  std::vector<std::string> parts;
  for (size_t i = 0; i < argTypes.size(); ++i) {
    if (!binding.args[i] && static_cast<int>(i) != binding.varargParam) {
      parts.push_back("-");
      continue;
    }
    std::string part = argTypes[i]->str();
    if (static_cast<int>(i) == binding.varargParam) { // `*args`: "*Tuple(...)"
      parts.push_back("*" + part);
      continue;
    }
    // numba's literal types: a literal, a name bound to one (a variable, a
    // Python int global), a negated one; not a NumPy scalar, an IntEnum
    // member, or a value computed from constants (a + 2, len(t)).
    const Expr *arg = binding.args[i];
    for (auto *u = llvm::dyn_cast_or_null<UnaryExpr>(arg); u && u->op == UnaryOp::Neg;
         u = llvm::dyn_cast_or_null<UnaryExpr>(arg))
      arg = u->operand.get();
    const std::optional<GlobalValue> &c = constants[i];
    if (c && c->dtype.empty() && c->name.empty() &&
        (llvm::isa_and_nonnull<IntLitExpr>(arg) || llvm::isa_and_nonnull<BoolLitExpr>(arg) ||
         llvm::isa_and_nonnull<NameExpr>(arg))) {
      if (c->kind == GlobalValue::Kind::Bool)
        part += c->i ? "\tTrue" : "\tFalse";
      else if (c->kind == GlobalValue::Kind::Int)
        part += "\t" + std::to_string(c->i);
    }
    parts.push_back(part);
  }
  std::string key = overloadKey(parts);
  if (auto it = fn.variants.find(key); it != fn.variants.end())
    return deviceCall(e, *it->second, binding.self);
  if (auto it = fn.variantErrors.find(key); it != fn.variantErrors.end()) {
    if (binding.self && llvm::StringRef(it->second).starts_with(kNotRegisteredMark)) {
      notRegistered = true;
      return {};
    }
    error(e.range(), it->second);
    return {};
  }
  if (llvm::find(fn.wanted, key) == fn.wanted.end())
    fn.wanted.push_back(key);
  error(e.range(), "overloaded function '" + fn.name + "' has no implementation for these "
                   "argument types yet (the Python side resolves it and compiles again)");
  return {};
}

ExprInfo Inferer::recursiveCall(const CallExpr &e, const DeviceFunctionSource &fn,
                                const FunctionDef &def, CallBinding binding,
                                llvm::ArrayRef<Type *> argTypes, const TypedFunction *callee,
                                Type *resultType, bool assumes) {
  for (size_t i = 0; i < argTypes.size(); ++i)
    if (!passableToCall(argTypes[i])) {
      error(e.range(), "device function '" + fn.name + "' calls itself: a recursive device "
                       "function takes numbers, arrays, records, range and slice objects and tuples "
                       "of them, not " +
                           typeName(argTypes[i]) + " (parameter '" +
                           def.params[i].name + "')");
      return {};
    }
  if (!resultType) {
    // No return typed yet (numba: "cannot type infer runaway recursion").
    // Before the last pass a later return may give it.
    if (reporting)
      error(e.range(), "cannot type infer runaway recursion: device function '" + fn.name +
                           "' calls itself before any of its returns gives a type (return "
                           "a value before the recursive call, or declare its signature)");
    return {};
  }
  if (!returnableFromCall(resultType)) {
    error(e.range(), "device function '" + fn.name + "' calls itself: a recursive device "
                     "function returns a number, a bool, None, a range or slice object or a tuple of "
                     "them, not " +
                         typeName(resultType));
    return {};
  }
  if (assumes && reporting)
    registry->assumeResult(callee, resultType, e.range(), diags.currentFile());
  binding.callee = callee;
  binding.recursive = true;
  result.calls[&e] = std::move(binding);
  return ExprInfo{resultType};
}

bool Inferer::defRan(const FunctionDef &fn) const {
  return typedDefs.count(&fn) || (enclosing && enclosing->typed->count(&fn));
}

const FunctionDef *Inferer::nestedDef(const std::string &name) const {
  if (localNames.count(name))
    return nullptr;
  if (auto it = nestedDefs.find(name); it != nestedDefs.end())
    return it->second;
  if (enclosing && !enclosing->locals->count(name))
    if (auto it = enclosing->defs->find(name); it != enclosing->defs->end())
      return it->second;
  return nullptr;
}

ExprInfo Inferer::nestedCall(const CallExpr &e, const FunctionDef &fn, const Enclosing *passed,
                             const GlobalEnv *envGlobals, const SourceFile *envFile) {
  if (!registry) {
    error(e.callee->range(), "function '" + fn.name + "' cannot be called here");
    return {};
  }
  // A sibling called from a nested def shares that def's enclosing function.
  Enclosing here{&result.locals, &nestedDefs, &callingDefs, &nestedInstances, &typedDefs};
  const Enclosing &env = passed ? *passed : enclosing ? *enclosing : here;
  if (std::find(env.calling->begin(), env.calling->end(), &fn) != env.calling->end()) {
    error(e.range(), "recursion is not supported in kernels: function '" + fn.name +
                         "' calls itself (directly or through other functions)");
    return {};
  }
  CallBinding binding;
  std::vector<Type *> argTypes;
  bool pending = false;
  if (!bindArguments(e, fn, "function '" + fn.name + "'", binding, argTypes, pending) ||
      pending)
    return {};
  std::vector<Type *> enclosingTypes;
  for (const auto &[name, type] : *env.locals)
    enclosingTypes.push_back(type);
  std::vector<std::optional<GlobalValue>> constants = callConstants(binding, argTypes);
  NestedKey key = std::make_tuple(&fn, argTypes, enclosingTypes, constantsKey(constants));
  if (auto it = env.instances->find(key); it != env.instances->end()) {
    if (reporting)
      registry->replayQuietWarnings(it->second, diags);
    binding.callee = it->second;
    result.calls[&e] = std::move(binding);
    return ExprInfo{it->second->returnType};
  }
  env.calling->push_back(&fn);
  std::optional<TypedFunction> typed;
  // (the early passes': only its warnings are kept, keepQuietWarnings)
  DiagnosticEngine quiet(envFile ? *envFile : diags.currentFile());
  {
    // (a closure passed in: typed, and located, in its defining file)
    DiagnosticEngine::FileScope scope(diags, envFile ? *envFile : diags.currentFile());
    Inferer inner(fn, argTypes, envGlobals ? *envGlobals : globals, ctx,
                  reporting ? diags : quiet, registry, /*isKernel=*/false, constants);
    inner.setEnclosing(&env);
    typed = inner.run();
  }
  env.calling->pop_back();
  if (!typed) {
    if (reporting) {
      std::string types;
      for (Type *t : argTypes)
        types += (types.empty() ? "" : ", ") + t->str();
      diags.note(e.range(), "in the call of function '" + fn.name + "' with argument types (" +
                                types + ")");
    }
    failed = true;
    return {};
  }
  binding.callee = registry->keep(std::make_unique<TypedFunction>(std::move(*typed)));
  if (!reporting)
    registry->keepQuietWarnings(binding.callee, quiet, 0);
  (*env.instances)[key] = binding.callee;
  Type *returnType = binding.callee->returnType;
  result.calls[&e] = std::move(binding);
  return ExprInfo{returnType};
}

bool Inferer::bindArguments(const CallExpr &e, const FunctionDef &callee, const std::string &what,
                            CallBinding &binding, std::vector<Type *> &argTypes, bool &pending,
                            const GlobalEnv *described, const Expr *self) {
  size_t n = callee.params.size();
  binding.args.assign(n, nullptr);
  binding.elements.assign(n, -1);
  binding.defaults.resize(n);
  binding.self = self;
  // Positional arguments, with `*tuple` spread into its elements.
  std::vector<std::pair<const Expr *, int>> positional;
  if (self)
    positional.push_back({self, -1});
  for (const ExprPtr &a : e.args) {
    auto *star = dyn_cast<StarredExpr>(a.get());
    if (!star) {
      positional.push_back({a.get(), -1});
      continue;
    }
    ExprInfo si = expr(*star->value);
    result.exprs[star] = ExprInfo{ctx.none()};
    if (!si.type) {
      pending = true;
      return true;
    }
    auto *tt = dyn_cast<TupleType>(si.type);
    if (!tt) {
      error(star->range(), "only a tuple can be unpacked with '*', not " + aTypeName(si.type));
      return false;
    }
    for (size_t k = 0; k < tt->size(); ++k)
      positional.push_back({star->value.get(), static_cast<int>(k)});
  }
  // `*args`: the positional arguments from its place on, as a tuple.
  if (n && callee.params.back().star) {
    binding.varargParam = static_cast<int>(n - 1);
    for (size_t i = n - 1; i < positional.size(); ++i)
      binding.varargs.push_back(positional[i]);
    if (positional.size() > n - 1)
      positional.resize(n - 1);
  }
  if (positional.size() > n) {
    error(positional[n].first->range(), what + " takes " + llvm::Twine(n) +
                                            (n == 1 ? " argument" : " arguments") + ", got " +
                                            llvm::Twine(positional.size()));
    return false;
  }
  for (size_t i = 0; i < positional.size(); ++i) {
    binding.args[i] = positional[i].first;
    binding.elements[i] = positional[i].second;
  }
  for (const Keyword &kw : e.keywords) {
    size_t k = 0;
    while (k < n && (callee.params[k].name != kw.name || callee.params[k].star))
      ++k;
    if (k == n) {
      error(kw.range, what + " has no parameter named '" + kw.name + "'");
      return false;
    }
    if (binding.args[k]) {
      error(kw.range, what + " got multiple values for '" + kw.name + "'");
      return false;
    }
    binding.args[k] = kw.value.get();
  }
  for (size_t k = 0; k < n; ++k) {
    if (static_cast<int>(k) == binding.varargParam) {
      std::vector<Type *> elements;
      for (const auto &[arg, element] : binding.varargs) {
        ExprInfo ai = valueOf(*arg, expr(*arg));
        if (element >= 0 && ai.type)
          ai = ExprInfo{cast<TupleType>(ai.type)->elements()[element]};
        if (llvm::isa_and_nonnull<TupleType>(ai.type))
          ai = ExprInfo{heldAtRunTime(ctx, ai.type)};
        if (!ai.type) {
          pending = true;
          elements.push_back(ctx.none());
          continue;
        }
        if (!passesToDeviceFunction(ai.type)) {
          error(arg->range(), "cannot pass a value of type " + typeName(ai.type) + " to " +
                                  what + "'s '*" + callee.params[k].name + "'");
          return false;
        }
        elements.push_back(ai.type);
      }
      argTypes.push_back(ctx.tuple(elements));
      continue;
    }
    if (binding.args[k]) {
      if (binding.elements[k] < 0)
        keepOptional = binding.args[k]; // f(v) of an Optional v: the callee tests `is None`
      ExprInfo ai = valueOf(*binding.args[k], expr(*binding.args[k]));
      if (binding.elements[k] >= 0 && ai.type)
        ai = ExprInfo{cast<TupleType>(ai.type)->elements()[binding.elements[k]]};
      if (llvm::isa_and_nonnull<TupleType>(ai.type))
        ai = ExprInfo{heldAtRunTime(ctx, ai.type)}; // ("add", "mul"): strings at run time
      if (!ai.type)
        pending = true;
      else if (!passesToDeviceFunction(ai.type)) {
        // (A function, cuda.atomic.add or a dtype passes as a compile-time
        // value, also in a tuple: the callee, typed per call site, calls or
        // uses it.)
        error(binding.args[k]->range(), "cannot pass a value of type " + typeName(ai.type) +
                                            " to " + what);
        return false;
      }
      argTypes.push_back(ai.type);
      continue;
    }
    const ExprPtr &dflt = callee.params[k].defaultValue;
    if (!dflt) {
      error(e.range(), what + " is missing the argument '" + callee.params[k].name + "'");
      return false;
    }
    // A device function's defaults as Python evaluated them (np.float32(0.01),
    // a global, a tuple), described with its globals; a nested function's
    // from its source (literals).
    std::optional<GlobalValue> value;
    const GlobalValue *given =
        described ? described->lookup(kDefaultPrefix + callee.params[k].name) : nullptr;
    if (given && (given->kind != GlobalValue::Kind::Unsupported || given->isString()))
      value = *given;
    else if (!given)
      value = literalDefault(*dflt);
    // Numbers, bools, None, and tuples of numbers and bools (nested).
    std::function<bool(const GlobalValue &, bool)> usable = [&](const GlobalValue &v,
                                                                bool inTuple) {
      switch (v.kind) {
      case GlobalValue::Kind::Int:
      case GlobalValue::Kind::Float:
      case GlobalValue::Kind::Bool:
      case GlobalValue::Kind::Complex:
        return true;
      case GlobalValue::Kind::None:
        return !inTuple;
      // An array (numba's Omitted(array): read as a global array is, from
      // constant or device memory) and a dtype (`dtype=np.float32`: a
      // compile-time value, as one passed is).
      case GlobalValue::Kind::ConstArray:
      case GlobalValue::Kind::DeviceArray:
      case GlobalValue::Kind::DType:
        return !inTuple;
      case GlobalValue::Kind::Tuple:
        return llvm::all_of(v.elements, [&](const GlobalValue &x) { return usable(x, true); });
      default: // a string: a compile-time value, as a string argument is
        return v.isString() && !inTuple;
      }
    };
    if (!value || !usable(*value, false)) {
      // What the default is, in words.
      std::string is = !given ? "" : given->kind == GlobalValue::Kind::Tuple
                                       ? "a tuple holding something but numbers and bools"
                                   : given->kind == GlobalValue::Kind::DeviceFunction
                                       ? "a device function (pass it as an argument instead)"
                                   : given->kind == GlobalValue::Kind::Module
                                       ? "the module '" + given->name + "'"
                                   : given->name.empty() ? "a value of an unsupported kind"
                                                          : "a " + given->name;
      std::string what2 = !given ? std::string(" must be a number, bool, None or string literal")
                                 : " is " + is + "; defaults must be numbers, bools, None, "
                                                 "strings, tuples of numbers, arrays or dtypes";
      error(e.range(), "default value of parameter '" + callee.params[k].name + "' of " + what +
                           what2);
      return false;
    }
    binding.defaults[k] = *value;
    argTypes.push_back(global(*value, e.range(), callee.params[k].name).type);
  }
  return true;
}

std::optional<bool> Inferer::prunedCondition(const Expr &cond) {
  auto it = result.exprs.find(&cond);
  if (it == result.exprs.end() || !it->second.constant)
    return std::nullopt;
  return it->second.constant->truth();
}

std::optional<bool> Inferer::decidedTruth(const Expr &cond) {
  if (auto it = result.decidedTruths.find(&cond); it != result.decidedTruths.end())
    return it->second;
  return prunedCondition(cond);
}

/// Whether a break in \p b leaves the loop whose body \p b is: breaks in
/// nested loops' bodies leave those loops, but not the ones in their
/// `else:` blocks.
bool breaksOut(const Block &b) {
  for (const StmtPtr &s : b) {
    if (isa<BreakStmt>(*s))
      return true;
    if (auto *i = dyn_cast<IfStmt>(s.get()); i && (breaksOut(i->body) || breaksOut(i->orelse)))
      return true;
    if (auto *f = dyn_cast<ForStmt>(s.get()); f && breaksOut(f->orelse))
      return true;
    if (auto *w = dyn_cast<WhileStmt>(s.get()); w && breaksOut(w->orelse))
      return true;
  }
  return false;
}

bool Inferer::alwaysReturns(const Block &b) {
  for (const StmtPtr &s : b) {
    if (isa<ReturnStmt, RaiseStmt>(*s)) // (a raise leaves too: no value on that path)
      return true;
    if (auto *i = dyn_cast<IfStmt>(s.get())) {
      if (std::optional<bool> known = decidedTruth(*i->cond)) {
        if (alwaysReturns(*known ? i->body : i->orelse))
          return true;
        continue;
      }
      if (!i->orelse.empty() && alwaysReturns(i->body) && alwaysReturns(i->orelse))
        return true;
    }
    // A loop returns on every path when no break leaves it and it can only
    // end by its else (which returns), or, `while True:`, not at all.
    if (auto *f = dyn_cast<ForStmt>(s.get()))
      if (!breaksOut(f->body) && !f->orelse.empty() && alwaysReturns(f->orelse))
        return true;
    if (auto *w = dyn_cast<WhileStmt>(s.get())) {
      std::optional<bool> known = prunedCondition(*w->cond);
      if (std::optional<bool> decided = decidedTruth(*w->cond); decided && !*decided)
        known = false;
      if (known && !*known) {
        if (alwaysReturns(w->orelse))
          return true;
        continue;
      }
      if (!breaksOut(w->body) && (known || (!w->orelse.empty() && alwaysReturns(w->orelse))))
        return true;
    }
  }
  return false;
}


// cuda.shared.array(shape, dtype) / cuda.local.array(shape, dtype): the
// shape is a constant int or tuple of constant ints (constant expressions
// of globals fold); the dtype a NumPy scalar type.
ExprInfo Inferer::arrayAlloc(const CallExpr &e, bool shared) {
  const char *what = shared ? "cuda.shared.array" : "cuda.local.array";
  const Expr *shapeExpr = e.args.size() > 0 ? e.args[0].get() : nullptr;
  const Expr *dtypeExpr = e.args.size() > 1 ? e.args[1].get() : nullptr;
  const Expr *alignExpr = nullptr;
  for (const Keyword &kw : e.keywords) {
    if (kw.name == "shape" && !shapeExpr)
      shapeExpr = kw.value.get();
    else if (kw.name == "dtype" && !dtypeExpr)
      dtypeExpr = kw.value.get();
    else if (kw.name == "alignment" && !alignExpr)
      alignExpr = kw.value.get();
    else {
      error(kw.range, llvm::Twine(what) + "() got an unexpected keyword argument '" + kw.name + "'");
      return {};
    }
  }
  if (!shapeExpr || !dtypeExpr || e.args.size() > 2) {
    error(e.range(), llvm::Twine(what) + "() takes a shape and a dtype");
    return {};
  }
  ExprInfo shape = expr(*shapeExpr);
  // The dtype: a NumPy scalar type, or its name as a string ('float32',
  // 'f4', or a global naming one, as numba.cuda accepts).
  ExprInfo dtype = expr(*dtypeExpr);
  if (dtype.constant && dtype.constant->isString() && dtype.constant->dtype != "bytes") {
    Type *named = dtypeByString(ctx, dtype.constant->data);
    if (!named) {
      error(dtypeExpr->range(), "'" + dtype.constant->data + "' is not a NumPy scalar type name");
      return {};
    }
    dtype = ExprInfo{ctx.builtin("dtype." + named->str())};
  }
  if (!shape.type || !dtype.type)
    return {};
  // The extents: a tuple display, a constant tuple (a global), or one int.
  std::vector<ExprInfo> dims;
  std::vector<SourceRange> where;
  if (auto *t = dyn_cast<TupleExpr>(shapeExpr)) {
    for (const ExprPtr &x : t->elts) {
      dims.push_back(result.exprs[x.get()]);
      where.push_back(x->range());
    }
  } else if (shape.constant && shape.constant->kind == GlobalValue::Kind::Tuple) {
    for (const GlobalValue &g : shape.constant->elements) {
      dims.push_back(constant(g));
      where.push_back(shapeExpr->range());
    }
  } else {
    dims.push_back(shape);
    where.push_back(shapeExpr->range());
  }
  for (size_t k = 0; k < dims.size(); ++k) {
    const ExprInfo &di = dims[k];
    SourceRange dRange = where[k];
    if (!di.constant || di.constant->kind != GlobalValue::Kind::Int) {
      error(dRange, llvm::Twine("the shape of ") + what +
                        " must be a compile-time constant integer (a literal, a global, or "
                        "an expression of those)");
      return {};
    }
    if (di.constant->i < 0 || (di.constant->i == 0 && (!shared || dims.size() != 1))) {
      error(dRange, llvm::Twine("invalid extent ") + llvm::Twine(di.constant->i) + " for " +
                        what + (shared ? " (0 is only allowed alone, for dynamic shared memory)"
                                       : ""));
      return {};
    }
  }
  auto *bt = dyn_cast<BuiltinType>(dtype.type);
  Type *elem = nullptr;
  if (bt && bt->path().starts_with("dtype.")) // a scalar or a structured dtype (a global, a.dtype)
    elem = parseDType(ctx, bt->path().drop_front(6));
  if (!elem) {
    error(dtypeExpr->range(), llvm::Twine("the dtype of ") + what +
                                  " must be a NumPy scalar type such as np.float32, or a "
                                  "structured np.dtype");
    return {};
  }
  // A thread has at most 512 KiB of local memory (CUDA C++ Programming
  // Guide, "Technical Specifications per Compute Capability"); the static
  // shared memory limit is checked for the whole kernel (IRGen).
  int64_t bytes = static_cast<int64_t>(elementBytes(elem));
  bool overflow = false;
  for (const ExprInfo &d : dims)
    overflow |= __builtin_mul_overflow(bytes, d.constant->i, &bytes);
  int64_t limit = shared ? std::numeric_limits<int32_t>::max() : 512 * 1024;
  if (overflow || bytes > limit) {
    error(e.range(), llvm::Twine(what) + " of " +
                         (overflow ? std::string("more than 2^63") : std::to_string(bytes)) +
                         " bytes: " +
                         (shared ? "more than a block's shared memory"
                                 : "more than the 512 KiB of local memory a thread can have"));
    return {};
  }
  if (alignExpr) {
    // numba-cuda's alignment=: None, or a constant power of two (bytes) that
    // the array's address is aligned to.
    ExprInfo ai = isa<StrLitExpr>(*alignExpr) ? ExprInfo{ctx.none()} : expr(*alignExpr);
    if (!ai.type)
      return {};
    if (isa<StrLitExpr>(*alignExpr) || !isa<NoneType>(ai.type)) {
      if (!ai.constant || ai.constant->kind != GlobalValue::Kind::Int || !isa<IntType>(ai.type)) {
        error(alignExpr->range(), llvm::Twine("the alignment of ") + what +
                                      " must be a constant integer (or None)");
        return {};
      }
      int64_t a = ai.constant->i;
      if (a <= 0 || (a & (a - 1)) != 0 || a > 4096) {
        error(alignExpr->range(), // numba: ValueError("Alignment must be ...")
              llvm::Twine("alignment must be a power of 2 from 1 to 4096 bytes, got ") +
                  llvm::Twine(a),
              "ValueError");
        return {};
      }
      result.allocAlignments[&e] = a;
    }
  }
  std::vector<int64_t> &extents = result.allocExtents[&e];
  extents.clear();
  for (const ExprInfo &d : dims)
    extents.push_back(d.constant->i);
  return ExprInfo{ctx.array(elem, static_cast<unsigned>(dims.size()), Layout::C)};
}

static bool isWarpValueType(Type *t) {
  if (auto *it = dyn_cast<IntType>(t))
    return it->bits() == 32 || it->bits() == 64;
  if (auto *ft = dyn_cast<FloatType>(t))
    return ft->bits() == 32 || ft->bits() == 64;
  return false;
}

/// A pyjit.coop operator (or comparison) `fn` typed for (t, t): errors are
/// reported in the reporting pass only, as for device function calls.
const TypedFunction *Inferer::instantiateOperator(const DeviceFunctionSource &fn, Type *t,
                                                  SourceRange at) {
  const TypedFunction *instance;
  if (reporting) {
    instance = registry->instantiate(fn, {t, t}, diags, at);
  } else {
    DiagnosticEngine quiet(diags.currentFile());
    instance = registry->instantiate(fn, {t, t}, quiet, at, {}, /*report=*/false);
  }
  if (!instance)
    failed = true;
  return instance;
}

/// The type a coop primitive computes in for a value of type `t`: 32- and
/// 64-bit integers and floats as they are; bool and narrower integers as
/// int32 (as warp shuffles take them); nullptr for anything else.
static Type *coopValueType(TypeContext &ctx, Type *t) {
  if (isWarpValueType(t))
    return t;
  if (isa<BoolType>(t) || isa<IntType>(t))
    return ctx.int32();
  return nullptr;
}

/// What merge_sort_keys sorts in a tuple or a local array: integers and
/// bools (shuffled as int32 when narrower: IRGen::warpShuffle) and 32- and
/// 64-bit floats.
static bool coopSortable(Type *t) {
  return isWarpValueType(t) || isa<BoolType>(t) || isa<IntType>(t);
}

// coop.warp.merge_sort_keys(x[, less]): the warp's values in order, one per
// lane; `less(a, b)` (a device function returning bool) orders tuples or
// anything else; without it, `<` on 32/64-bit numbers.
ExprInfo Inferer::coopSortCall(const CallExpr &e, llvm::StringRef path,
                               const std::vector<ExprInfo> &args) {
  if (args.empty() || args.size() > 2) {
    error(e.range(), path + "() takes 1 or 2 arguments (x, less), got " +
                         llvm::Twine(args.size()));
    return {};
  }
  Type *t = args[0].type;
  // merge_sort_keys(items[, less]): the warp's tile of items per lane
  // (blocked), sorted in place; the comparison sees the items' dtype.
  Type *resultType = nullptr;
  if (auto *at = dyn_cast<ArrayType>(t)) {
    if (at->ndim() != 1 || at->readonly() || !coopSortable(at->dtype())) {
      error(e.args[0]->range(), path + "() sorts a writable 1-d array of integers, bools, or "
                                       "32- or 64-bit floats in place, not " + typeName(t));
      return {};
    }
    t = at->dtype();
    resultType = ctx.none();
  }
  auto *tuple = dyn_cast<TupleType>(t);
  if (!tuple && coopValueType(ctx, t))
    t = coopValueType(ctx, t); // bool and narrower integers sort as int32
  bool shuffles = tuple ? !tuple->elements().empty() &&
                              llvm::all_of(tuple->elements(), coopSortable)
                        : isWarpValueType(t);
  if (!shuffles) {
    error(e.args[0]->range(), path + "() sorts integers, bools and 32- and 64-bit floats, or "
                                     "tuples of them, not " + typeName(t));
    return {};
  }
  if (args.size() == 1) {
    if (tuple) {
      error(e.args[0]->range(), path + "() of tuples needs a comparison: " + path +
                                    "(x, less) with a device function less(a, b) -> bool");
      return {};
    }
    return ExprInfo{resultType ? resultType : t};
  }
  const ExprInfo &op = args[1];
  if (!op.constant || op.constant->kind != GlobalValue::Kind::DeviceFunction) {
    error(e.args[1]->range(), path + "() takes a device function less(a, b) -> bool, not " +
                                  typeName(op.type));
    return {};
  }
  const DeviceFunctionSource &fn = *op.constant->device;
  const TypedFunction *instance = instantiateOperator(fn, t, e.args[1]->range());
  if (!instance)
    return {};
  if (!isa<BoolType>(instance->returnType)) {
    error(e.args[1]->range(), "comparison '" + fn.name + "' of " + path +
                                  "() must return bool, not " + typeName(instance->returnType));
    return {};
  }
  result.coopOps[&e] = instance;
  return ExprInfo{resultType ? resultType : t};
}

// coop.block's tile primitives: load/store[_striped](array, items, start)
// and radix_sort[_descending](keys, temp), on 1-D arrays.
ExprInfo Inferer::coopTileCall(const CallExpr &e, llvm::StringRef path, llvm::StringRef name,
                               const std::vector<ExprInfo> &args) {
  bool sort = name.starts_with("radix_sort");
  bool exchange = name.starts_with("exchange_"), histogram = name == "histogram";
  size_t want = sort || exchange || histogram ? 2 : 3;
  if (sort && args.size() == 4)
    want = 4; // radix_sort(keys, temp, values, values_temp)
  if ((sort || exchange) && args.size() == 1)
    want = 1; // the compiler places the storage (IRGen::coopTileStorage)
  bool withDefault = name.starts_with("load") && args.size() == 4;
  if (withDefault)
    want = 4; // load(array, items, start, default)
  if (args.size() != want) {
    std::string counts = sort ? "1, 2 or 4" : exchange ? "1 or 2"
                         : name.starts_with("load") ? "3 or 4" : std::to_string(want);
    error(e.range(), path + "() takes " + counts + " arguments (" +
                         (sort ? "keys[, temp[, values, values_temp]]"
                          : exchange ? "items[, temp]"
                          : histogram ? "items, bins"
                          : name.starts_with("load") ? "array, items, start[, default]"
                                                     : "array, items, start") +
                         "), got " + llvm::Twine(args.size()));
    return {};
  }
  for (size_t i = 0; i < (want == 4 && sort ? 4 : want == 1 ? 1 : 2); ++i) {
    auto *at = dyn_cast<ArrayType>(args[i].type);
    if (!at || at->ndim() != 1) {
      error(e.args[i]->range(), path + "() takes 1-d arrays here, not " +
                                    typeName(args[i].type));
      return {};
    }
    bool written = sort || exchange || (histogram ? i == 1
                                                 : name.starts_with("load") ? i == 1 : i == 0);
    if (written && at->readonly()) {
      error(e.args[i]->range(), path + "() writes this array, which is read-only");
      return {};
    }
  }
  if (sort) {
    auto *keys = cast<ArrayType>(args[0].type);
    auto *temp = want > 1 ? cast<ArrayType>(args[1].type) : nullptr;
    if (!isWarpValueType(keys->dtype())) {
      error(e.args[0]->range(), path + "() sorts 32- and 64-bit integer and float keys, not " +
                                    typeName(keys->dtype()));
      return {};
    }
    if (temp && temp->dtype() != keys->dtype()) {
      error(e.args[1]->range(), path + "() needs temporary storage of the keys' type " +
                                    typeName(keys->dtype()) + ", not " + typeName(temp->dtype()));
      return {};
    }
    if (want == 4 && cast<ArrayType>(args[3].type)->dtype() !=
                         cast<ArrayType>(args[2].type)->dtype()) {
      error(e.args[3]->range(), path + "() needs temporary storage of the values' type");
      return {};
    }
  } else if (exchange) {
    if (want > 1 &&
        cast<ArrayType>(args[1].type)->dtype() != cast<ArrayType>(args[0].type)->dtype()) {
      error(e.args[1]->range(), path + "() needs temporary storage of the items' type");
      return {};
    }
  } else if (histogram) {
    for (size_t i = 0; i < 2; ++i)
      if (!isa<IntType>(cast<ArrayType>(args[i].type)->dtype())) {
        error(e.args[i]->range(), path + "() takes integer " +
                                      (i == 0 ? "items (bin numbers)" : "bins (counts)") +
                                      ", not " + typeName(args[i].type));
        return {};
      }
  } else if (!isa<IntType>(args[2].type)) {
    error(e.args[2]->range(), path + "() takes the first index as an integer");
    return {};
  } else if (withDefault &&
             (!args[3].type->isScalar() ||
              (isa<ComplexType>(args[3].type) &&
               !isa<ComplexType>(cast<ArrayType>(args[1].type)->dtype())))) {
    error(e.args[3]->range(), path + "() takes a number the items can hold as the default of "
                                     "items past the array's end, not " + typeName(args[3].type));
    return {};
  }
  return ExprInfo{ctx.none()};
}

// coop.block.* and coop.warp.* (Coop.h): (x) or (x, op) or, for
// warp.broadcast, (x, lane); *_with_aggregate return (result, total).
ExprInfo Inferer::coopCall(const CallExpr &e, llvm::StringRef path,
                           const std::vector<ExprInfo> &args) {
  llvm::StringRef name = path.rsplit('.').second;
  if (path.starts_with("coop.block.") && isCoopTileFunction(name))
    return coopTileCall(e, path, name, args);
  if (name == "merge_sort_keys")
    return coopSortCall(e, path, args);
  bool withOp = name == "reduce" || name.starts_with("inclusive_scan") ||
                name.starts_with("exclusive_scan");
  bool broadcast = name == "broadcast";
  size_t want = withOp || broadcast ? 2 : 1;
  // exclusive_scan(x, op, identity): a device function's identity, given.
  bool withIdentity = name.starts_with("exclusive_scan") && args.size() == 3;
  if (withIdentity)
    want = 3;
  if (args.size() != want) {
    error(e.range(), path + "() takes " + llvm::Twine(want) + " argument" +
                         (want == 1 ? "" : "s") + ", got " + llvm::Twine(args.size()));
    return {};
  }
  Type *t = coopValueType(ctx, args[0].type);
  auto *tuple = dyn_cast<TupleType>(args[0].type);
  if (tuple && !tuple->elements().empty() &&
      llvm::all_of(tuple->elements(), [](Type *el) { return isWarpValueType(el); }))
    t = tuple; // each element travels on its own (shuffles, shared memory)
  if (!t) {
    error(e.args[0]->range(), path + "() takes a 32- or 64-bit integer or float (or a smaller "
                                     "integer or bool, as int32) or a tuple of 32- and 64-bit "
                                     "integers and floats, not " + typeName(args[0].type));
    return {};
  }
  if (tuple && !withOp && !broadcast) {
    error(e.args[0]->range(), path + "() of a tuple needs an operator: use " +
                                  path.rsplit('.').first +
                                  (name.contains("inclusive") || name.contains("exclusive")
                                       ? ".inclusive_scan(x, op)"
                                       : ".reduce(x, op)") +
                                  " with a device function");
    return {};
  }
  if (withOp) {
    const ExprInfo &op = args[1];
    if (op.constant && op.constant->kind == GlobalValue::Kind::DeviceFunction) {
      const DeviceFunctionSource &fn = *op.constant->device;
      if (name.starts_with("exclusive") && !withIdentity) {
        error(e.args[1]->range(), path + "() with a device function needs the operator's "
                                         "identity for the first thread: " + path +
                                         "(x, op, identity)");
        return {};
      }
      const TypedFunction *instance = instantiateOperator(fn, t, e.args[1]->range());
      if (!instance)
        return {};
      if (instance->returnType != t) {
        error(e.args[1]->range(), "operator '" + fn.name + "' of " + path + "() must return " +
                                      typeName(t) + " (the type of the values), not " +
                                      typeName(instance->returnType));
        return {};
      }
      result.coopOps[&e] = instance;
      if (withIdentity && args[2].type != t &&
          !(args[2].type->isScalar() && t->isScalar() && !isa<ComplexType>(args[2].type))) {
        error(e.args[2]->range(), path + "(): the identity must be " + aTypeName(t) +
                                      " like the values, not " + typeName(args[2].type));
        return {};
      }
      // A constant identity is converted to the values' type: not one it
      // changes (1.5 or 2**40 + 7 for int32 values were 1 and 7).
      if (auto *it = dyn_cast<IntType>(t); withIdentity && it && args[2].constant) {
        const GlobalValue &c = *args[2].constant;
        bool changes = c.kind == GlobalValue::Kind::Float
                           ? c.f != std::trunc(c.f) || !(std::fabs(c.f) < 9.2e18) ||
                                 !fitsIn(static_cast<int64_t>(c.f), it)
                           : c.kind == GlobalValue::Kind::Int && !fitsIn(c.i, it);
        if (changes) {
          error(e.args[2]->range(), path + "(): the identity is not " + aTypeName(t) +
                                        " like the values: converting it to " + typeName(t) +
                                        " changes it (a fraction, or out of its range)");
          return {};
        }
      }
    } else {
      if (withIdentity) {
        error(e.args[2]->range(), path + "() takes an identity only with a device function "
                                         "as its operator");
        return {};
      }
      auto *bt = dyn_cast<BuiltinType>(op.type);
      if (!bt || !coopOpOfBuiltin(bt->path())) {
        error(e.args[1]->range(), path + "() takes an operator: operator.add, min, max or a "
                                         "@cuda.jit(device=True) function of two values, not " +
                                         typeName(op.type));
        return {};
      }
      if (tuple) {
        error(e.args[1]->range(), path + "() of a tuple needs a device function as its "
                                         "operator, not " + typeName(op.type));
        return {};
      }
    }
  }
  if (broadcast && !isa<IntType>(args[1].type)) {
    error(e.args[1]->range(), path + "() takes the source lane as an integer");
    return {};
  }
  if (name.ends_with("_with_aggregate"))
    return ExprInfo{ctx.tuple({t, t})};
  return ExprInfo{t};
}

ExprInfo Inferer::cudaCall(const CallExpr &e, CudaFn fn, const std::vector<ExprInfo> &args) {
  std::string name = std::string("cuda.") + cudaFnName(fn);
  auto want = [&](size_t n) {
    if (args.size() == n)
      return true;
    error(e.range(), name + "() takes " + llvm::Twine(n) + (n == 1 ? " argument" : " arguments") +
                         ", got " + llvm::Twine(args.size()));
    return false;
  };
  auto scalarArg = [&](size_t i) {
    if (args[i].type->isScalar())
      return true;
    error(e.args[i]->range(), name + "() needs a number here, not " + typeName(args[i].type));
    return false;
  };
  auto intArg = [&](size_t i) {
    if (isIntegral(args[i].type))
      return true;
    error(e.args[i]->range(), name + "() needs an integer here, not " + typeName(args[i].type));
    return false;
  };
  // A warp mask: an integer, not a bool (numba-cuda: "Mask type must be an
  // integer"; a bool's 1 would name lane 0 alone).
  auto maskArg = [&](size_t i) {
    if (isa<IntType>(args[i].type))
      return true;
    error(e.args[i]->range(), name + "() takes the mask of lanes as an integer (0xFFFFFFFF for "
                                     "the whole warp), not " + typeName(args[i].type));
    return false;
  };
  // A vote or barrier predicate: an integer or a bool, as in numba-cuda, which
  // refuses a float ("No implementation ... all_sync(..., float64)"); write
  // `x != 0` for a float's truth.
  auto predicateArg = [&](size_t i) {
    if (isIntegral(args[i].type))
      return true;
    error(e.args[i]->range(), name + "() takes its predicate as an integer or a bool, not " +
                                  typeName(args[i].type) + "; compare it, e.g. 'x != 0'");
    return false;
  };
  Type *u32 = ctx.intTy(32, false);
  switch (fn) {
  case CudaFn::Syncthreads:
  case CudaFn::Threadfence:
  case CudaFn::ThreadfenceBlock:
  case CudaFn::ThreadfenceSystem:
    return want(0) ? ExprInfo{ctx.none()} : ExprInfo{};
  case CudaFn::Activemask:
    return want(0) ? ExprInfo{u32} : ExprInfo{};
  case CudaFn::ThisGrid:
    return want(0) ? ExprInfo{ctx.gridGroup()} : ExprInfo{};
  case CudaFn::GridSync:
    return want(0) ? ExprInfo{ctx.none()} : ExprInfo{};
  case CudaFn::Syncwarp:
    if (args.size() > 1 || (args.size() == 1 && !maskArg(0))) {
      if (args.size() > 1)
        want(1);
      return {};
    }
    return ExprInfo{ctx.none()};
  case CudaFn::SyncthreadsCount:
  case CudaFn::SyncthreadsAnd:
  case CudaFn::SyncthreadsOr:
    return want(1) && predicateArg(0) ? ExprInfo{ctx.int32()} : ExprInfo{};
  case CudaFn::Nanosleep:
    return want(1) && intArg(0) ? ExprInfo{ctx.none()} : ExprInfo{};
  case CudaFn::ShflSync:
  case CudaFn::ShflUpSync:
  case CudaFn::ShflDownSync:
  case CudaFn::ShflXorSync: {
    if (!want(3) || !maskArg(0) || !intArg(2))
      return {};
    Type *t = args[1].type;
    if (isa<BoolType>(t) || (isa<IntType>(t) && !isWarpValueType(t)))
      t = ctx.int32();
    if (!isWarpValueType(t)) {
      error(e.args[1]->range(), name + "() shuffles 32- and 64-bit integers and floats, not " +
                                    typeName(args[1].type));
      return {};
    }
    return ExprInfo{t};
  }
  case CudaFn::AllSync:
  case CudaFn::AnySync:
  case CudaFn::EqSync:
    return want(2) && maskArg(0) && predicateArg(1) ? ExprInfo{ctx.int32()} : ExprInfo{};
  case CudaFn::BallotSync:
    return want(2) && maskArg(0) && predicateArg(1) ? ExprInfo{u32} : ExprInfo{};
  case CudaFn::MatchAnySync:
  case CudaFn::MatchAllSync: {
    // A float value is compared by its bits (numba-cuda bitcasts it).
    if (!want(2) || !maskArg(0) || (!isa<FloatType>(args[1].type) && !intArg(1)))
      return {};
    if (fn == CudaFn::MatchAnySync)
      return ExprInfo{u32};
    return ExprInfo{ctx.tuple({u32, ctx.boolean()})};
  }
  case CudaFn::Popc:
  case CudaFn::Brev:
  case CudaFn::Clz:
  case CudaFn::Ffs: {
    if (!want(1) || !intArg(0))
      return {};
    Type *t = isa<BoolType>(args[0].type) ? ctx.int32() : args[0].type;
    if (fn == CudaFn::Brev) {
      // numba-cuda's two signatures, uint32(uint32) and uint64(uint64), the
      // first that takes the argument: a uint64 reverses 64 bits, anything
      // else is converted to uint32 (an int64 index too: brev(i) >> (32 - s),
      // the FFT's bit reversal).
      bool wide = t == ctx.uint64() && !args[0].weak;
      return ExprInfo{wide ? ctx.uint64() : ctx.intTy(32, false)};
    }
    // numba-cuda's signatures: popc and clz give the operand's type
    // (int8(int8), ..., uint64(uint64)), ffs uint32 (cudadecl.py).
    if (fn == CudaFn::Ffs)
      return ExprInfo{ctx.intTy(32, false)};
    return ExprInfo{args[0].weak ? ctx.int64() : t};
  }
  case CudaFn::Cbrt: {
    if (!want(1) || !scalarArg(0))
      return {};
    Type *t = args[0].type;
    return ExprInfo{isa<FloatType>(t) && !args[0].weak && cast<FloatType>(t)->bits() == 32
                        ? t
                        : ctx.float64()};
  }
  case CudaFn::Fma: {
    if (!want(3) || !scalarArg(0) || !scalarArg(1) || !scalarArg(2))
      return {};
    TypedOperand acc{args[0].type, args[0].weak};
    for (size_t i = 1; i < 3; ++i)
      acc = {promoteOperands(ctx, acc, operandOf(args[i])), acc.weak && args[i].weak};
    return ExprInfo{isa<FloatType>(acc.type) ? acc.type : ctx.float64()};
  }
  case CudaFn::Selp: {
    if (!want(3) || !scalarArg(0) || !scalarArg(1) || !scalarArg(2))
      return {};
    Type *t = promoteOperands(ctx, {args[1].type, args[1].weak}, {args[2].type, args[2].weak});
    return ExprInfo{t, args[1].weak && args[2].weak};
  }
  default:
    break;
  }
  // Atomics, and loads and stores with a cache hint.
  bool cas = fn == CudaFn::AtomicCas;
  bool cas0 = fn == CudaFn::AtomicCompareAndSwap;
  bool hinted = isCacheHinted(fn), store = isCacheHintedStore(fn);
  if (!want(cas ? 4 : hinted && !store ? 2 : 3))
    return {};
  auto *at = dyn_cast<ArrayType>(args[0].type);
  if (!at) {
    error(e.args[0]->range(), name + "() operates on an array, not " + typeName(args[0].type));
    return {};
  }
  if (at->readonly() && (!hinted || store)) {
    error(e.args[0]->range(), name + "() cannot write to a read-only array");
    noteGlobalArray(*e.args[0]);
    return {};
  }
  Type *dt = at->dtype();
  bool isInt = isa<IntType>(dt);
  unsigned bits = isInt ? cast<IntType>(dt)->bits() : isa<FloatType>(dt) ? cast<FloatType>(dt)->bits() : 0;
  bool ok;
  switch (fn) {
  case CudaFn::Ldca: case CudaFn::Ldcg: case CudaFn::Ldcs: case CudaFn::Ldlu: case CudaFn::Ldcv:
  case CudaFn::Stcg: case CudaFn::Stcs: case CudaFn::Stwb: case CudaFn::Stwt:
    ok = isInt || isa<FloatType, BoolType>(dt); // one number (a PTX ld/st of its width)
    break;
  case CudaFn::AtomicAnd: case CudaFn::AtomicOr: case CudaFn::AtomicXor:
    ok = isInt && bits >= 32;
    break;
  case CudaFn::AtomicInc: case CudaFn::AtomicDec:
    ok = isInt && !cast<IntType>(dt)->isSigned() && bits >= 32;
    break;
  case CudaFn::AtomicNanmax: case CudaFn::AtomicNanmin:
    ok = bits >= 32;
    break;
  default:
    ok = bits >= 32 || (fn == CudaFn::AtomicAdd && isa<FloatType>(dt) && bits == 16);
    break;
  }
  if (!ok) {
    error(e.args[0]->range(), name + "() is not supported on arrays of " + typeName(dt));
    return {};
  }
  if (!cas0) {
    // The index: an integer, or a tuple with one integer per dimension.
    Type *it = args[1].type;
    unsigned n = 1;
    if (auto *tt = dyn_cast<TupleType>(it)) {
      n = static_cast<unsigned>(tt->size());
      for (Type *x : tt->elements())
        if (!isIntegral(x)) {
          error(e.args[1]->range(), name + "(): " + typeName(it) + " is not a valid index "
                                               "(integers, one per dimension)");
          return {};
        }
    } else if (!isIntegral(it)) {
      // (numba's words: "float64 is not a valid index")
      error(e.args[1]->range(), name + "(): " + typeName(it) + " is not a valid index (an "
                                           "integer, or a tuple of one per dimension)");
      return {};
    }
    if (n != at->ndim()) {
      error(e.args[1]->range(), name + "() on a " + llvm::Twine(at->ndim()) + "-d array needs " +
                                    (at->ndim() == 1 ? std::string("1 index")
                                                     : std::to_string(at->ndim()) + " indices"));
      return {};
    }
  } else if (at->ndim() != 1) {
    error(e.args[0]->range(), name + "() operates on a 1-d array");
    return {};
  }
  for (size_t i = cas0 ? 1 : 2; i < args.size(); ++i)
    if (!scalarArg(i))
      return {};
  // cuda.atomic.add(counts, 0, 0.5) on integers: the value is converted to
  // the array's dtype first (numba's), so it adds 0.
  if (reporting && isInt && (fn == CudaFn::AtomicAdd || fn == CudaFn::AtomicSub) &&
      args.size() == 3 && isa<FloatType, ComplexType>(args[2].type) &&
      !(args[2].constant && args[2].constant->kind == GlobalValue::Kind::Float &&
        args[2].constant->f == std::trunc(args[2].constant->f)))
    diags.warning(e.args[2]->range(), name + "() of a " + typeName(args[2].type) +
                                          " value on an array of " + typeName(dt) +
                                          ": the value is converted to " + typeName(dt) +
                                          " first (its fraction is dropped)");
  return ExprInfo{store ? ctx.none() : dt};
}

ExprInfo Inferer::cmathCall(const CallExpr &e, CMathFn fn, llvm::ArrayRef<ExprInfo> args) {
  const CMathFnInfo &fi = cmathFnInfo(fn);
  std::string name = std::string("cmath.") + fi.name;
  if (!e.keywords.empty()) {
    error(e.keywords.front().range, "keyword arguments to " + name +
                                        "() are not supported in kernels");
    return {};
  }
  if (args.size() < fi.minArgs || args.size() > fi.maxArgs) {
    error(e.range(), name + "() takes " +
                         (fi.minArgs == fi.maxArgs
                              ? llvm::Twine(fi.minArgs)
                              : llvm::Twine(fi.minArgs) + " or " + llvm::Twine(fi.maxArgs)) +
                         (fi.maxArgs == 1 ? " argument" : " arguments") + ", got " +
                         llvm::Twine(args.size()));
    return {};
  }
  std::vector<TypedOperand> ops;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].type->isScalar()) {
      error(e.args[i]->range(), name + "() needs a number, not " + typeName(args[i].type));
      return {};
    }
    if (fn == CMathFn::Rect && isa<ComplexType>(args[i].type)) {
      error(e.args[i]->range(), "cmath.rect() takes real numbers (a modulus and a phase), "
                                "not " + typeName(args[i].type));
      return {};
    }
    ops.push_back(operandOf(args[i]));
  }
  return ExprInfo{cmathResultType(ctx, fn, cmathOperandType(ctx, ops))};
}



ExprInfo Inferer::numpyOperatorCall(const CallExpr &e, const NumpyOperatorUfunc &u,
                                     const std::vector<ExprInfo> &args, llvm::StringRef path,
                                     bool elementwise) {
  using K = NumpyOperatorUfunc::Kind;
  std::string name = path.starts_with("numpy.op.") ? "numpy." + path.drop_front(9).str()
                                                   : path.str();
  if (!e.keywords.empty() && !elementwise) {
    error(e.keywords.front().range, "keyword arguments to " + name + "() are not supported in "
                                    "kernels");
    return {};
  }
  if (args.size() != u.arity()) {
    error(e.range(), name + "() takes " + llvm::Twine(u.arity()) + " argument" +
                         (u.arity() == 1 ? "" : "s") + " in kernels, got " +
                         llvm::Twine(args.size()));
    return {};
  }
  if (u.kind == K::Compare && path.starts_with("operator.") &&
      (isa<TupleType>(args[0].type) || isa<TupleType>(args[1].type))) {
    // operator.lt(a, b) of tuples is a < b: Python's tuple order and equality.
    std::optional<std::optional<bool>> link = compareLink(u.compare, args[0], args[1], e.range());
    if (!link)
      return {};
    return *link ? constant(GlobalValue::ofBool(**link)) : ExprInfo{ctx.boolean()};
  }
  for (size_t i = 0; i < args.size(); ++i)
    if (!args[i].type->isScalar()) {
      error(e.args[i]->range(), name + "() of " + aTypeName(args[i].type) +
                                    " is not supported in kernels (it takes numbers)");
      return {};
    }
  bool weak = llvm::all_of(args, [](const ExprInfo &a) { return a.weak; });
  switch (u.kind) {
  case K::Binary: {
    Type *t = binaryResultType(ctx, u.binary, operandOf(args[0]), operandOf(args[1]));
    if (t && path.starts_with("numpy.")) {
      // NumPy's ufunc loop: the operands' promoted type, not widened as
      // numba's operators are (np.add(int8, int8) wraps in int8); true
      // division gives a float; bools add as `or`, multiply as `and`.
      bool bools = isa<BoolType>(args[0].type) && isa<BoolType>(args[1].type);
      if (bools && u.binary == BinaryOp::Sub) {
        error(e.range(), name + "() of two bools is not supported (numpy: use "
                                "np.logical_xor)");
        return {};
      }
      // On numbers (not array elements), numba picks the loop for a Python
      // int as for an int64 (np.subtract(uint8, 1) is int64 -1, as uint8 - 1).
      TypedOperand l = operandOf(args[0]), r = operandOf(args[1]);
      if (!elementwise && isa<IntType>(l.type) && isa<IntType>(r.type) && l.weak != r.weak)
        l.weak = r.weak = false;
      t = fitLiterals(ctx, promoteOperands(ctx, l, r), args);
      bool integerOnly = u.binary == BinaryOp::BitAnd || u.binary == BinaryOp::BitOr ||
                         u.binary == BinaryOp::BitXor || u.binary == BinaryOp::Shl ||
                         u.binary == BinaryOp::Shr;
      if (integerOnly && t && !isIntegral(t)) {
        // uint64 and a signed integer promote to float64, which has no
        // bitwise loop: a Python int then takes the other's type (NEP 50),
        // two NumPy integers have no loop at all (NumPy's TypeError).
        t = integerLoop(e, name, args);
        if (!t)
          return {};
      }
      if (u.binary == BinaryOp::TrueDiv && !isa<FloatType, ComplexType>(t))
        t = ctx.float64();
      else if (bools && u.binary != BinaryOp::Add && u.binary != BinaryOp::Mul &&
               u.binary != BinaryOp::BitAnd && u.binary != BinaryOp::BitOr &&
               u.binary != BinaryOp::BitXor)
        t = ctx.intTy(8, true); // numpy computes other bool arithmetic in int8
    }
    if (!t) {
      error(e.range(), "unsupported operand types for " + name + "(): " +
                           typeName(args[0].type) + " and " + typeName(args[1].type));
      return {};
    }
    return ExprInfo{t, weak};
  }
  case K::Compare: {
    Type *t = promoteOperands(ctx, operandOf(args[0]), operandOf(args[1]));
    // np.less of complex numbers: NumPy's lexicographic order (numba's
    // ufunc_db has the loops); the `<` operator and operator.lt refuse them.
    if (!t || (isa<ComplexType>(t) && u.compare != CompareOp::Eq &&
               u.compare != CompareOp::NotEq && !path.starts_with("numpy.op."))) {
      error(e.range(), "cannot compare " + typeName(args[0].type) + " and " +
                           typeName(args[1].type) + " with " + name + "()");
      return {};
    }
    return ExprInfo{ctx.boolean()};
  }
  case K::Logical:
  case K::LogicalNot:
    return ExprInfo{ctx.boolean()};
  case K::Invert:
    if (!isIntegral(args[0].type)) {
      error(e.args[0]->range(), name + "() takes an integer or a bool, not " +
                                    typeName(args[0].type));
      return {};
    }
    return ExprInfo{args[0].type, args[0].weak};
  case K::Negative: { // operator.neg(x): -x (a bool negates as an int, as in Python)
    Type *t = args[0].type->isScalar() ? unaryResultType(ctx, args[0].type) : nullptr;
    if (!t) {
      error(e.args[0]->range(), "bad operand type for unary -: " + typeName(args[0].type));
      return {};
    }
    return ExprInfo{t, args[0].weak};
  }
  case K::Positive:
  case K::Conjugate:
    if (isa<BoolType>(args[0].type) && u.kind == K::Positive) {
      error(e.args[0]->range(), name + "() does not take a bool (numpy has no bool loop "
                                    "for it)");
      return {};
    }
    return ExprInfo{args[0].type, args[0].weak};
  }
  return {};
}

ExprInfo Inferer::vectorConstruct(const CallExpr &e, llvm::StringRef name,
                                  llvm::ArrayRef<ExprInfo> args) {
  // float32x3(x, y, z), uint32x4(u2, u2): numbers and vectors whose
  // components add up to N, each converted to the base type (numba-cuda).
  VectorTypeName v = *lookupVectorType(name);
  if (!e.keywords.empty()) {
    error(e.keywords.front().range, name + "() takes its components by position");
    return {};
  }
  unsigned count = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    Type *t = args[i].type;
    if (isVectorTuple(t)) {
      count += static_cast<unsigned>(cast<TupleType>(t)->size());
    } else if (isa<BoolType>(t) || isa<IntType>(t) || isa<FloatType>(t)) {
      if (auto *it = dyn_cast<IntType>(t); it && it->isEnum()) {
        error(e.args[i]->range(), name + "() takes numbers and vectors, not " + typeName(t));
        return {};
      }
      ++count;
    } else {
      error(e.args[i]->range(), name + "() takes numbers and vectors, not " + typeName(t));
      return {};
    }
  }
  if (count != v.size) {
    error(e.range(), name + "() needs " + llvm::Twine(v.size) + " component" +
                         (v.size == 1 ? "" : "s") + ", got " + llvm::Twine(count));
    return {};
  }
  return ExprInfo{vectorTupleType(ctx, v)};
}

ExprInfo Inferer::namedTupleCall(const CallExpr &e, const GlobalValue &g) {
  llvm::SmallVector<llvm::StringRef, 8> fields;
  llvm::StringRef(g.data).split(fields, ',');
  for (const Keyword &k : e.keywords) {
    auto at = llvm::find(fields, k.name);
    if (at == fields.end()) {
      error(k.range, g.name + "() has no field '" + k.name + "'");
      return {};
    }
    // Python's TypeError: a field given by position too (a keyword given
    // twice is Python's SyntaxError, before pyjit reads the source).
    if (static_cast<size_t>(at - fields.begin()) < e.args.size()) {
      error(k.range, g.name + "() got multiple values for argument '" + k.name + "'");
      return {};
    }
  }
  if (e.args.size() > fields.size()) {
    error(e.range(), g.name + "() takes " + llvm::Twine(fields.size()) + " fields, got " +
                         llvm::Twine(e.args.size()));
    return {};
  }
  std::vector<const Expr *> parts = namedTupleArguments(e, fields);
  std::vector<Type *> elems;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (!parts[i]) {
      error(e.range(), g.name + "() is missing field '" + fields[i] + "'");
      return {};
    }
    keepOptional = parts[i]; // P(f(x)): a field may hold None, as a tuple's element may
    ExprInfo pi = expr(*parts[i]);
    if (!pi.type)
      return {};
    // A value, None or a value that may be None, or a tuple of them (a
    // named tuple of such fields too), as a tuple display's elements.
    std::function<bool(Type *)> holdable = [&](Type *u) {
      if (auto *tt = dyn_cast<TupleType>(u))
        return llvm::all_of(tt->elements(), holdable);
      return isValueType(u) || isa<OptionalType, NoneType>(u);
    };
    if (!holdable(pi.type)) {
      error(parts[i]->range(), g.name + "." + fields[i] + " cannot hold a " +
                                   typeName(pi.type));
      return {};
    }
    elems.push_back(pi.type);
  }
  return ExprInfo{ctx.namedTuple(elems, g.name,
                                 std::vector<std::string>(fields.begin(), fields.end()))};
}

ExprInfo Inferer::externCall(const CallExpr &e, const GlobalValue &g) {
  std::optional<ExternSignature> sig = externSignature(ctx, g);
  std::string what = (g.llvmIRLabel.empty() ? "declared device function '" + g.name + "'"
                                             : g.llvmIRLabel) +
                     " (" + g.dtype + "(" + g.data + "))";
  if (!sig) {
    error(e.range(), what + " has a type pyjit does not know");
    return {};
  }
  if (!e.keywords.empty()) {
    error(e.keywords.front().range, (g.llvmIRLabel.empty() ? std::string("a declared device function")
                                                           : g.llvmIRLabel) +
                                        " takes its arguments by position, not by keyword");
    return {};
  }
  for (const ExprPtr &a : e.args)
    if (isa<StarredExpr>(*a)) {
      error(a->range(), "'*' unpacking is not supported in calls of declared device "
                        "functions");
      return {};
    }
  if (e.args.size() != sig->params.size()) {
    error(e.range(), what + " takes " + llvm::Twine(sig->params.size()) + " argument" +
                         (sig->params.size() == 1 ? "" : "s") + ", got " +
                         llvm::Twine(e.args.size()));
    return {};
  }
  for (size_t i = 0; i < e.args.size(); ++i) {
    ExprInfo ai = expr(*e.args[i]);
    if (!ai.type)
      return {};
    const ExternParam &p = sig->params[i];
    if (p.pointer) {
      auto *at = dyn_cast<ArrayType>(ai.type);
      if (!at || (p.type && at->dtype() != p.type)) {
        std::string pointee = p.type ? typeName(p.type) : std::string("void");
        error(e.args[i]->range(), "parameter " + llvm::Twine(i + 1) + " of " + what +
                                      " is a pointer to " + pointee + ": pass an array" +
                                      (p.type ? " of " + pointee : std::string()) + ", not " +
                                      typeName(ai.type));
        return {};
      }
      continue;
    }
    if (!ai.type->isScalar() || (isa<ComplexType>(ai.type) && !isa<ComplexType>(p.type))) {
      error(e.args[i]->range(), "parameter " + llvm::Twine(i + 1) + " of " + what + " is " +
                                    typeName(p.type) + ", not " + typeName(ai.type));
      return {};
    }
  }
  return ExprInfo{sig->result};
}

} // namespace pyjit::ir::detail

// A parameter a function called as a function of its own can take.
bool pyjit::ir::returnableFromCall(Type *t) {
  if (auto *tt = dyn_cast<TupleType>(t))
    return std::all_of(tt->elements().begin(), tt->elements().end(), returnableFromCall);
  return t->isScalar() || isa<NoneType, RangeType, SliceType>(t);
}

bool pyjit::ir::passableToCall(Type *t) {
  if (auto *tt = dyn_cast<TupleType>(t))
    return std::all_of(tt->elements().begin(), tt->elements().end(), passableToCall);
  if (isRuntimeStr(t)) // (a string known at run time: not in the call ABI)
    return false;
  return t->isScalar() ||
         isa<ArrayType, RecordType, NoneType, BuiltinType>(t) || detail::isObjectValue(t);
}
