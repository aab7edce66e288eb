//===- TypeInference.h - Types of every expression and variable ----------===//
#ifndef PYJIT_IR_TYPEINFERENCE_H
#define PYJIT_IR_TYPEINFERENCE_H

#include "pyjit/frontend/AST.h"
#include "pyjit/frontend/Diagnostics.h"
#include "pyjit/frontend/LiteralUnroll.h"
#include "pyjit/frontend/VariableWebs.h"
#include "pyjit/ir/GlobalEnv.h"
#include "pyjit/ir/TypeRules.h"
#include <map>
#include <set>
#include <array>
#include <optional>
#include <string>
#include <tuple>

namespace pyjit::ir {

/// What inference learned about one expression.
struct ExprInfo {
  Type *type = nullptr;
  bool weak = false; // a Python scalar literal or global (NEP 50)
  /// A compile-time constant (literal, global number, math.pi, ...).
  std::optional<GlobalValue> constant;
  /// The constant is (computed from) a local assigned once: numba computes
  /// with it at run time, so int64 overflow wraps instead of being an error.
  bool fromLocal = false;
};

struct TypedFunction;

/// A call of a device function: the typed instance called and, per
/// parameter, the argument expression (null where the default is used).
struct CallBinding {
  const TypedFunction *callee = nullptr;
  std::vector<const ast::Expr *> args;
  /// A method call's object (numba's overload_method: `x.name(...)`), bound
  /// to the first parameter (args[0] is then this); evaluated before the
  /// call's arguments, as Python does. Null for a function call.
  const ast::Expr *self = nullptr;
  /// Parallel to args: for an element of a `*tuple` argument, its index in
  /// the tuple (args[i] is then the tuple expression); -1 otherwise.
  std::vector<int> elements;
  std::vector<GlobalValue> defaults; // parallel to args; used where args[i] is null
  /// The callee's `*args` parameter (its index; -1: none) and the arguments
  /// it takes, in order, each an expression and, for an element of a
  /// `*tuple` argument, its index (else -1); args[varargParam] is null.
  int varargParam = -1;
  std::vector<std::pair<const ast::Expr *, int>> varargs;
  /// The callee's typing had not finished when the call was typed (it calls
  /// itself, directly or through others): lowered as a call of a function
  /// of its own, not inlined. Its parameters are numbers, bools, complex
  /// numbers, arrays, records, None, functions and tuples of them; it
  /// returns what returnableFromCall allows.
  bool recursive = false;
};

/// Whether a device function called as a function of its own (recursively,
/// or outlined: IRGen) can take a parameter of type `t`: what a kernel's
/// parameter can be (IRGen passes it the same way), numbers and arrays in
/// tuples, and compile-time values (a function, a dtype: nothing at run
/// time); not a string known at run time.
bool passableToCall(Type *t);

/// Whether a device function called as a function of its own can return a
/// value of type `t`: a number, a bool, None, a range or slice object, or a
/// tuple (named or not) of them. IRGen returns a tuple, a range or a slice
/// through one 1-element local array per number, which the caller allocates.
bool returnableFromCall(Type *t);

/// A str value (never bytes): a str constant or a string known at run time,
/// what `==`, `in` and a run-time string's index compare.
inline bool holdsStr(const ExprInfo &x) {
  return isRuntimeStr(x.type) ||
         (x.constant && x.constant->isString() && x.constant->dtype != "bytes");
}

/// Whether range() of these arguments counts in uint64: numba-cuda's Range
/// template (signatures of int32, then int64, then uint64 arguments) resolved
/// as numba's resolve_overload does, each signature rated by its arguments'
/// conversions (numba.cuda.typeconv: fewest unsafe, then safe, then promote;
/// the first of the best), and the uint64 one chosen. An unsigned integer
/// promotes to uint64 and converts safely to int64 below 64 bits; a Python
/// int literal is an int64, unsafe to uint64; a float is unsafe to all. So
/// range(n) of a uint32 counts in uint64, range(0, n) of it in int64, and
/// range(0, n, s) of two uint64s in uint64 (compile_ptx agrees). Such a range
/// may pass 2**63.
inline bool rangeIsUnsigned(TypeContext &ctx, llvm::ArrayRef<const ExprInfo *> args) {
  Type *sigs[] = {ctx.int32(), ctx.int64(), ctx.uint64()};
  std::array<std::array<int, 3>, 3> ratings{}; // per signature: unsafe, safe, promote
  for (const ExprInfo *a : args) {
    auto *it = llvm::dyn_cast_or_null<IntType>(a->type);
    // A Python int literal (or an IntEnum member) is numba's int64.
    Type *given = !a->type || (a->weak && it) || (it && it->isEnum()) ? ctx.int64() : a->type;
    for (int sig = 0; sig < 3; ++sig) {
      Conversion c = conversionTo(sigs[sig], given).value_or(Conversion::Unsafe);
      if (c != Conversion::Exact)
        ++ratings[sig][static_cast<int>(Conversion::Unsafe) - static_cast<int>(c)];
    }
  }
  return ratings[2] < ratings[0] && ratings[2] < ratings[1];
}

/// The operand view of an expression for the promotion rules.
inline TypedOperand operandOf(const ExprInfo &e) {
  bool negative = e.constant && ((e.constant->kind == GlobalValue::Kind::Int && e.constant->i < 0) ||
                                 (e.constant->kind == GlobalValue::Kind::Float && e.constant->f < 0));
  TypedOperand o{e.type, e.weak, negative};
  if (e.weak && e.constant && e.constant->kind == GlobalValue::Kind::Int)
    o.intValue = e.constant->i;
  return o;
}

/// The typing of one function: a type for every expression and one for each
/// local variable (the unification of everything assigned to it, as numba
/// unifies at control-flow joins).
struct TypedFunction {
  const ast::FunctionDef *def = nullptr;
  const SourceFile *file = nullptr;
  std::vector<Type *> paramTypes;
  Type *returnType = nullptr; // none for kernels and functions without a value
  std::map<const ast::Expr *, ExprInfo> exprs;
  /// Expressions of an Optional type read as their number (exprs holds the
  /// number's type; this, the Optional): IRGen takes the value, stopping the
  /// thread on None.
  std::map<const ast::Expr *, Type *> optionalReads;
  std::map<std::string, Type *> locals;
  std::map<const ast::CallExpr *, CallBinding> calls;
  /// `x.name` of an overloaded attribute (numba's overload_attribute): the
  /// call `name()` standing for it, whose binding (in `calls`) has x as its
  /// object (CallBinding::self). Shared: the nodes outlive each pass's typing.
  std::map<const ast::AttributeExpr *, std::shared_ptr<ast::CallExpr>> attributeCalls;
  /// The constant extents of each cuda.shared/local.array call.
  std::map<const ast::CallExpr *, std::vector<int64_t>> allocExtents;
  /// cuda.shared/local.array(..., alignment=a): a, in bytes (absent: the default).
  std::map<const ast::CallExpr *, int64_t> allocAlignments;
  /// The elements each slice of a tuple (t[1:], a.shape[:2]) takes, in order.
  std::map<const ast::SubscriptExpr *, std::vector<int64_t>> tupleSlices;
  /// rec[0]: a record's field by position (a constant index), by its name.
  std::map<const ast::SubscriptExpr *, std::string> recordFieldNames;
  /// A call rewritten as another, its arguments first evaluated once each,
  /// in Python's order, into temporaries. f(a, *t) where f is not a device
  /// function (complex(*cmath.polar(z)), math.hypot(*v)): `call` calls the
  /// same function with them, a starred one spread into its elements
  /// (t[0], t[1], ...); a string literal (print's) is copied as it is (its
  /// temporary's name empty). operator.getitem(a, i): `call` is a[i]
  /// (operator.is_, is_not and contains: the comparison); with `store`,
  /// operator.setitem(a, i, v): `call` is a[i], assigned v's temporary.
  /// Keyword arguments of a NumPy function that takes them by position
  /// (np.clip(x, a_max=1.0), a.clip(0, 1, out)): `call` passes them by
  /// position, None for one not given. `temps` pairs each argument (a
  /// starred one's value) with its temporary, in the order they run.
  struct StarCall {
    std::unique_ptr<ast::Expr> call;
    std::vector<std::pair<const ast::Expr *, std::string>> temps;
    bool store = false;
  };
  std::map<const ast::CallExpr *, StarCall> starCalls;
  /// `for` loops over zip() or enumerate() with '*' arguments (zip(*t),
  /// enumerate(zip(a, *t))): the iterable with every argument in a
  /// temporary and each `*t` spread into t's elements, its temporaries
  /// written before the loop starts.
  std::map<const ast::ForStmt *, StarCall> loopCalls;
  /// The links of a chained comparison that are `in`, `not in`, `is` or
  /// `is not` (`lo < x in t`, keyed by the chain and the link's index i):
  /// each is `compare`, that comparison alone over temporaries `left` and
  /// `right` holding operands i and i + 1, which IRGen writes as the chain
  /// reaches the link (so Python's short-circuit holds). An empty name: the
  /// operand is written into `compare` (a string constant, None).
  struct ChainLink {
    std::unique_ptr<ast::CompareExpr> compare;
    std::string left, right;
  };
  std::map<std::pair<const ast::CompareExpr *, size_t>, ChainLink> chainLinks;
  /// The calls of StarCalls that a later typing pass replaced, and the
  /// attributes hasattr() typed to probe them, kept so that no new node takes
  /// the address (the key of maps such as ufuncElements) of one typed before.
  std::vector<std::unique_ptr<ast::Expr>> replacedCalls;
  /// NumPy ufunc calls on arrays with an output array (np.sin(x, out)): the
  /// type of one element's result.
  std::map<const ast::CallExpr *, Type *> ufuncElements;
  /// pyjit.coop calls with a user-defined operator: its instance for
  /// (value, value) -> value.
  std::map<const ast::CallExpr *, const TypedFunction *> coopOps;
  /// Each `raise`: the exception class ("module:qualname", e.g.
  /// "builtins:ValueError"), its message (str() of its first argument, empty
  /// for none) and its further arguments as Python literals (ErrorSite::args).
  struct Raise {
    std::string exception, message;
    std::vector<std::string> args;
  };
  std::map<const ast::RaiseStmt *, Raise> raises;
  /// Each `assert`'s message, str() of its constant (absent: none).
  std::map<const ast::AssertStmt *, std::string> assertMessages;
  /// For a nested def: the enclosing function's variables it reads (Python's
  /// free variables), by name; lowered as reads of them at the call.
  std::map<std::string, Type *> freeVars;
  /// cuda.threadIdx, blockIdx, blockDim or gridDim used as a value (however
  /// it is spelled: cuda.threadIdx, an imported or global name): which one.
  std::map<const ast::Expr *, std::string> dim3Values;
  /// An `and`/`or` whose truth, not its value, is decided when compiling:
  /// `c and DEBUG` of a False DEBUG is falsy whatever c is (numba prunes the
  /// jump on DEBUG). An `if` or conditional expression on it keeps only the
  /// branch taken, and a `while` on a falsy one never runs its body; the
  /// operands before the decided one still run, short-circuiting.
  std::map<const ast::Expr *, bool> decidedTruths;

  const ExprInfo &info(const ast::Expr *e) const { return exprs.at(e); }
};

class DeviceFunctionRegistry;

/// What typing `def` for `argTypes` will decide about names, for the webs
/// of its variables before it runs (ast::KnownNames): a parameter is None
/// when its type is none; a global number, bool, tuple or array is not
/// None, a global None is, and a global number or bool has its truth.
/// `argTypes` and `globals` must outlive the result.
ast::KnownNames knownNames(const ast::FunctionDef &def, llvm::ArrayRef<Type *> argTypes,
                           const GlobalEnv &globals);

/// What ast::unrollLiteralLoops needs for `def` typed for `argTypes`:
/// literal_unroll is a global function of that name (or a module's
/// attribute); a tuple's length is a tuple parameter's or a global tuple's.
/// `reparse` parses `def`'s source again. `argTypes` and `globals` must
/// outlive the result.
ast::UnrollFacts unrollFacts(const ast::FunctionDef &def, llvm::ArrayRef<Type *> argTypes,
                             const GlobalEnv &globals,
                             std::function<std::unique_ptr<ast::Module>()> reparse);

/// Infers types for `def` given its argument types. Globals resolve through
/// `globals`, then Python builtins; calls of device functions are typed per
/// call site through `registry` (null: device functions are not callable).
/// `isKernel` functions may not return a value. Errors (unknown names,
/// unsupported operands, calls or attributes) are reported to `diags` at the
/// offending expression; returns nullopt if any was reported.
/// `paramConstants` (parallel to the parameters, or empty): a parameter
/// given a compile-time constant (a device function's literal argument or
/// default, numba's Literal[int]) and never assigned in the body reads as
/// that constant, so it can size a shared array or decide an `if`.
std::optional<TypedFunction> inferTypes(const ast::FunctionDef &def,
                                        llvm::ArrayRef<Type *> argTypes,
                                        const GlobalEnv &globals, TypeContext &ctx,
                                        DiagnosticEngine &diags,
                                        DeviceFunctionRegistry *registry = nullptr,
                                        bool isKernel = true,
                                        llvm::ArrayRef<std::optional<GlobalValue>>
                                            paramConstants = {});

/// Parsed device functions and their typed instances (one per argument
/// types), shared by one compilation. A call of an instance whose typing
/// has not finished is recursion (typingNow): it takes the return type
/// found so far, as numba types a recursive call from the returns typed
/// before it.
class DeviceFunctionRegistry {
public:
  explicit DeviceFunctionRegistry(TypeContext &ctx) : ctx(ctx) {}

  /// Set by the kernel's typing: its arrays are all float32, so float64
  /// arithmetic in it, and in the device functions it calls, is warned
  /// about (a PerformanceWarning, once a function).
  bool float32Kernel = false;

  /// The typed instance of `fn` for `argTypes` (and `argConstants`: the
  /// arguments that are compile-time constants, as inferTypes takes them),
  /// typing it on first use. Null after reporting to `diags` (errors inside
  /// `fn` point into its file, followed by a note at `callSite` in the
  /// caller's file).
  /// A typing that failed is remembered: with `report` false (a quiet
  /// pass) it fails again at once; with `report` true it is typed again so
  /// that `diags` gets its errors.
  const TypedFunction *instantiate(const DeviceFunctionSource &fn,
                                   llvm::ArrayRef<Type *> argTypes, DiagnosticEngine &diags,
                                   SourceRange callSite,
                                   llvm::ArrayRef<std::optional<GlobalValue>> argConstants = {},
                                   bool report = true);
  /// Keeps the warnings (and their notes) that \p quiet got from its
  /// diagnostic \p from on, while \p fn was typed without reporting.
  void keepQuietWarnings(const TypedFunction *fn, const DiagnosticEngine &quiet, size_t from);
  /// Gives \p diags the warnings kept for \p fn (once: they are dropped).
  void replayQuietWarnings(const TypedFunction *fn, DiagnosticEngine &diags);
  /// The definition of `fn` (parsed once), as the source has it, to bind
  /// a call's arguments to; null after reporting an error.
  const ast::FunctionDef *definition(const DeviceFunctionSource &fn, DiagnosticEngine &diags);
  /// The definition of `fn` with its variables split into webs for
  /// `argTypes` (ast::splitVariableWebs: which parameters are None decides
  /// branches); parsed once per pattern of None parameters.
  const ast::FunctionDef *websFor(const DeviceFunctionSource &fn, llvm::ArrayRef<Type *> argTypes,
                                  DiagnosticEngine &diags);
  /// True while `fn` is being typed (a call of it now would recurse).
  bool inProgress(const DeviceFunctionSource &fn) const;
  /// Whether `fn` is being typed for these argument types (a recursive
  /// call that takes them again).
  bool inProgressWith(const DeviceFunctionSource &fn, llvm::ArrayRef<Type *> argTypes) const;
  /// The instance of `fn` for `argTypes` and `argConstants` if it is being
  /// typed now (a recursive call), else null. It is complete once that
  /// typing ends. `returnSoFar` gets the return type its typing has found
  /// so far (null: none yet), `self` whether it is the function typed now
  /// (not one that calls the function typed now).
  const TypedFunction *typingNow(const DeviceFunctionSource &fn, llvm::ArrayRef<Type *> argTypes,
                                 llvm::ArrayRef<std::optional<GlobalValue>> argConstants,
                                 Type *&returnSoFar, bool &self) const;
  /// A function typed while `callee` was (mutual recursion) took its result
  /// as `assumed` at `site` (in `file`): an error when `callee`'s typing
  /// ends with another return type.
  void assumeResult(const TypedFunction *callee, Type *assumed, SourceRange site,
                    const SourceFile &file) {
    assumptions.push_back({callee, assumed, site, &file});
  }
  /// How many device functions are being typed, each called by the last:
  /// the depth of the call chain typed now.
  size_t depth() const { return stack.size(); }
  /// The deepest chain of device-function calls a kernel may have (each is
  /// inlined; the compiler recurses once per level).
  static constexpr size_t MaxDepth = 128;
  /// A nested def passed to a device function (numba's closure argument):
  /// while the callee is typed, a call of its parameter finds the def and
  /// the environment of the function defining it (`env`: the Inferer's, opaque
  /// here); `key` spells that environment's variable types, which the
  /// instance key takes (a callee typed with other closure types is another
  /// instance).
  struct Closure {
    const ast::FunctionDef *def;
    const void *env;
    std::string key;
    const GlobalEnv *globals; // the defining function's
    const SourceFile *file;   // and its file
  };
  void passClosure(const std::string &path, Closure c) { closures[path].push_back(std::move(c)); }
  void endClosure(const std::string &path) { closures[path].pop_back(); }
  /// The closure a type path (`nested.f`) names now, or null.
  const Closure *closure(llvm::StringRef path) const {
    auto it = closures.find(path.str());
    return it == closures.end() || it->second.empty() ? nullptr : &it->second.back();
  }
  /// Keeps a typed instance of a nested def for the rest of the compilation.
  const TypedFunction *keep(std::unique_ptr<TypedFunction> typed) {
    nested.push_back(std::move(typed));
    return nested.back().get();
  }

private:
  TypeContext &ctx;
  std::map<const DeviceFunctionSource *, std::unique_ptr<ast::Module>> parsed;
  /// By function and what its arguments decide before typing ("N" None, "T<n>." a
  /// tuple of n, "-" else, per parameter): the webs, literal_unroll's copies.
  std::map<std::pair<const DeviceFunctionSource *, std::string>, std::unique_ptr<ast::Module>>
      split;
  /// By function, argument types and constant arguments (spelled).
  using InstanceKey = std::tuple<const DeviceFunctionSource *, std::vector<Type *>, std::string>;
  InstanceKey keyOf(const DeviceFunctionSource &fn, llvm::ArrayRef<Type *> argTypes,
                    llvm::ArrayRef<std::optional<GlobalValue>> argConstants) const;
  std::map<std::string, std::vector<Closure>> closures; // by type path, innermost last
  std::map<InstanceKey, std::unique_ptr<TypedFunction>> instances;
  /// The warnings (and their notes) of functions typed without reporting
  /// (in a caller's early pass, whose diagnostics are dropped), by typed
  /// function: replayQuietWarnings gives them to the first reporting use.
  std::map<const TypedFunction *, std::vector<Diagnostic>> quietWarnings;
  /// The keys whose typing failed (so a chain of failing calls is typed
  /// once per pass of its reporting, not once per pass of every caller).
  std::set<InstanceKey> failed;
  /// An instance being typed: where it will be kept (its address is final
  /// from the start, for recursive calls to point to) and the typing's
  /// result so far.
  struct Typing {
    const DeviceFunctionSource *fn;
    InstanceKey key;
    TypedFunction *instance;
    const TypedFunction *partial = nullptr;
    const bool *returnedNone = nullptr; // a `return` without a value typed so far
  };
  std::vector<Typing> stack;
  struct Assumption {
    const TypedFunction *callee;
    Type *assumed;
    SourceRange site;
    const SourceFile *file;
  };
  std::vector<Assumption> assumptions;
  /// Instances whose return type did not converge: each typing of them
  /// fails with this error (the functions that assumed another type stay
  /// typed as they were).
  std::map<InstanceKey, std::tuple<SourceRange, const SourceFile *, std::string>> diverged;
  std::vector<std::unique_ptr<TypedFunction>> nested;
  /// Instances whose typing failed: kept, as recursive calls typed meanwhile
  /// point to them.
  std::vector<std::unique_ptr<TypedFunction>> abandoned;
};

} // namespace pyjit::ir

#endif
