//===- Inferer.h - Type inference internals (private to ir/lib) ----------===//
#ifndef PYJIT_IR_LIB_INFERER_H
#define PYJIT_IR_LIB_INFERER_H

#include "pyjit/ir/CMathFunctions.h"
#include "pyjit/ir/CudaIntrinsics.h"
#include "pyjit/ir/Signature.h"
#include "pyjit/ir/TypeInference.h"
#include "NumpyUfuncs.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include <cctype>
#include <set>
#include <tuple>

namespace pyjit::ir::detail {

using namespace pyjit::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

/// A type values of which exist at run time: a number, an array, or a tuple
/// of those, or a grid group (not a module, a function or None).
inline bool isValueType(Type *t) {
  if (auto *tt = llvm::dyn_cast<TupleType>(t)) {
    for (Type *e : tt->elements())
      if (!isValueType(e))
        return false;
    return true;
  }
  return t->isScalar() || llvm::isa<ArrayType, GridGroupType, DatetimeType, CharSeqType>(t);
}

/// A type `if`, `while`, `assert`, `not` and a conditional expression test:
/// a number or bool, or a bytes or str item (true when not empty).
inline bool hasTruth(Type *t) {
  return t->isScalar() || llvm::isa<CharSeqType>(t) || isRuntimeStr(t);
}

/// A copy of \p e if it is a literal, a name, an attribute of one, or
/// arithmetic or a tuple of those ((0.1,), -2, (H,), 0.1 + 0.2j, a.size,
/// math.hypot): no side effects, so a rewrite may hold it as written (a
/// chain's link keeps a weak literal or a global's value; a StarCall its
/// callee); else null.
ExprPtr copyPureExpr(const Expr &e);

/// A range, slice, flat (a.flat) or iterator object: held in variables and
/// chosen by `c if x else y` or an unrolled loop's variable, one type at a time.
inline bool isObjectValue(Type *t) {
  return llvm::isa<RangeType, SliceType, FlatIterType, IteratorType>(t);
}

/// A type a variable may hold: a value type, None (a variable that is
/// always None, numba's types.none), numba's Optional (a number or None), a
/// record (a reference to an array's element, as numba's records are), an
/// object (isObjectValue), or tuples of them.
inline bool isVariableType(Type *t) {
  if (auto *tt = llvm::dyn_cast<TupleType>(t)) {
    for (Type *e : tt->elements())
      if (!isVariableType(e))
        return false;
    return true;
  }
  return llvm::isa<NoneType, RecordType, OptionalType>(t) || isObjectValue(t) ||
         isValueType(t) || isRuntimeStr(t);
}

/// Whether an element of type \p t of a tuple can be picked by a run-time
/// index (IRGen::tupleElementAt's selects): a number, an array, a datetime,
/// or a tuple of them.
inline bool selectableAtRunTime(Type *t) {
  if (auto *tt = llvm::dyn_cast<TupleType>(t))
    return llvm::all_of(tt->elements(), selectableAtRunTime);
  return t->isScalar() || llvm::isa<ArrayType, DatetimeType>(t);
}

/// Whether \p t is or holds an iterator (IteratorType): its position lives
/// in the local memory of the function that made it, so it is not returned.
inline bool holdsIterator(Type *t) {
  if (auto *tt = llvm::dyn_cast<TupleType>(t))
    return llvm::any_of(tt->elements(), holdsIterator);
  return llvm::isa<IteratorType>(t);
}

/// Whether a break in \p b leaves the loop whose body \p b is: breaks in
/// nested loops' bodies leave those loops, but not the ones in their
/// `else:` blocks (InferCalls.cpp).
bool breaksOut(const ast::Block &b);

/// A type an argument of a device function (typed per call site) may have:
/// a variable's, or a compile-time value (a function, a dtype), also as a
/// tuple's element (a global tuple of device functions).
inline bool passesToDeviceFunction(Type *t) {
  if (auto *tt = llvm::dyn_cast<TupleType>(t))
    return llvm::all_of(tt->elements(), passesToDeviceFunction);
  return isVariableType(t) || llvm::isa<BuiltinType>(t);
}

/// \p t with each compile-time string in it (itself, or a tuple's element)
/// made a string known at run time (isRuntimeStr): what a variable, a
/// conditional expression, a function's result or a tuple passed to a device
/// function holds.
Type *heldAtRunTime(TypeContext &ctx, Type *t);

/// Python builtins kernels may call.
const llvm::StringSet<> &pythonBuiltins();
/// The math name of a NumPy scalar function numba.cuda accepts (np.arcsin -> asin).
std::optional<std::string> numpyMathName(llvm::StringRef attr);
/// numpy's scalar ufuncs kernels may call as `numpy.<attr>` builtins
/// (minimum, maximum, fmin, fmax, sign, square, negative).
bool isNumpyScalarFunction(llvm::StringRef attr);
/// How many inputs numpy.<name> of isNumpyScalarFunction takes (1 or 2).
unsigned numpyScalarArity(llvm::StringRef name);
/// A reduction of a whole array, as a method (a.sum()) or NumPy function
/// (np.sum(a)): sum prod min max mean var std argmin argmax all any.
bool isArrayReduction(llvm::StringRef name);
/// NumPy's reductions that skip NaNs (np.nansum(a)): nansum nanprod nanmin
/// nanmax nanmean; functions only (arrays have no such methods).
bool isNanReduction(llvm::StringRef name);
/// The result type of reduction \p name of an array of \p dtype (NumPy's
/// and numba's: sums of small ints are int64, means of ints float64), or
/// null when it has none for that dtype (min of complex numbers).
Type *arrayReductionType(TypeContext &ctx, llvm::StringRef name, Type *dtype);
/// The arity of numba.cuda.fp16's function `name` (hadd: 2, hsin: 1, hfma: 3),
/// or 0 for a name fp16 does not have.
unsigned fp16Arity(llvm::StringRef name);
inline bool isFp16Function(llvm::StringRef name) { return fp16Arity(name) != 0; }

/// The constant arguments of a call, spelled for an instances' key.
std::string constantsKey(llvm::ArrayRef<std::optional<GlobalValue>> constants);

/// Types one function (TypeInference.cpp: statements and expressions;
/// InferCalls.cpp: calls of builtins, math, cuda and device functions).
class Inferer {
public:
  Inferer(const FunctionDef &def, llvm::ArrayRef<Type *> argTypes, const GlobalEnv &globals,
          TypeContext &ctx, DiagnosticEngine &diags, DeviceFunctionRegistry *registry,
          bool isKernel, llvm::ArrayRef<std::optional<GlobalValue>> paramConstants = {})
      : def(def), globals(globals), ctx(ctx), diags(diags), registry(registry),
        isKernel(isKernel), paramConstants(paramConstants.begin(), paramConstants.end()) {
    result.def = &def;
    result.file = &diags.currentFile();
    result.paramTypes.assign(argTypes.begin(), argTypes.end());
  }

  std::optional<TypedFunction> run();
  /// The typing so far (its return type: the returns typed until now).
  const TypedFunction &typedSoFar() const { return result; }
  /// Whether a `return` (or `return None`) was typed so far.
  const bool &returnedNoneSoFar() const { return returnsNone; }

  /// A nested def's instance: the def, its argument types, the enclosing
  /// variables' types when called, and its constant arguments (constantsKey).
  using NestedKey = std::tuple<const FunctionDef *, std::vector<Type *>, std::vector<Type *>,
                               std::string>;
  /// For a nested def being typed: the function it is defined in, as known
  /// in the pass that calls it.
  struct Enclosing {
    const std::map<std::string, Type *> *locals;
    const std::map<std::string, const FunctionDef *> *defs;
    std::vector<const FunctionDef *> *calling; // nested defs being typed
    /// Typed instances by (def, argument types, the enclosing variables'
    /// types when called): each typed once per pass state, not per call
    /// (nested defs calling each other twice would otherwise type
    /// exponentially many times).
    std::map<NestedKey, const TypedFunction *> *instances;
    const std::set<const FunctionDef *> *typed; // Inferer::typedDefs
  };
  void setEnclosing(const Enclosing *e) { enclosing = e; }

private:
  // Error reporting is on only in the final pass.
  /// \p alsoA: a Python exception class the error is also (Diagnostic::alsoA).
  void error(SourceRange r, const llvm::Twine &msg, llvm::StringRef alsoA = {}) {
    if (reporting)
      diags.error(r, msg, alsoA);
    failed = true;
  }
  /// The body's assigned names (locals, each assignment counted) and nested defs.
  void collectLocals(const Block &block);
  void block(const Block &b);
  void stmt(const Stmt &s);
  void assignTo(const Expr &target, ExprInfo value, SourceRange valueRange);
  /// f(a, *t) of a function that is not a device function (StarCall).
  ExprInfo operatorFormCall(const CallExpr &e, llvm::StringRef name);
  std::optional<std::vector<const Expr *>> bindParameters(const CallExpr &call,
                                                          llvm::ArrayRef<llvm::StringRef> fields,
                                                          size_t required,
                                                          const std::string &spelled,
                                                          const Expr *self = nullptr);
  /// \p call of NumPy function \p path, or method call (\p self its
  /// object), with keywords: the call of \p path with \p bound by position
  /// (None where null), each argument evaluated once, in order (StarCall).
  ExprInfo positionalCall(const CallExpr &call, llvm::StringRef path, const Expr *self,
                          llvm::ArrayRef<const Expr *> bound, const std::string &spelled);
  std::string argumentTemp(const std::string &name, const ExprInfo &v, SourceRange range,
                           const CallExpr &call);
  ExprInfo starCall(const CallExpr &e);
  bool spreadArgument(const Expr &arg, const CallExpr &call, const std::string &temp,
                      TypedFunction::StarCall &into, std::vector<ExprPtr> &args,
                      llvm::StringRef valuesError);
  bool spreadsInLoop(const CallExpr &call);
  const Expr *starredLoopCall(const ForStmt &f, const CallExpr &call);
  std::unique_ptr<CallExpr> spreadLoopCall(const CallExpr &call, TypedFunction::StarCall &loop,
                                           const std::string &prefix, unsigned &counter);
  void rewrittenCall(const CallExpr &e, TypedFunction::StarCall call);
  /// A store into every element of a view of type \p vt (a slice, an array
  /// field: \p what): a number, an array that broadcasts, a 1-d tuple.
  void checkStoreIntoView(ArrayType *vt, const ExprInfo &value, SourceRange valueRange,
                          llvm::StringRef what);
  /// a[i] = v (and slices): \p elem is the typed target.
  /// Errors for a value that cannot be stored into an element of type
  /// `elemType` (a datetime, number or bool; not a record).
  void checkElementStore(Type *elemType, const ExprInfo &value, SourceRange valueRange);
  void assignToItem(const SubscriptExpr &target, const ExprInfo &elem, const ExprInfo &value,
                    SourceRange valueRange);
  void assignVar(const std::string &name, Type *type, SourceRange r);
  ExprInfo expr(const Expr &e);
  ExprInfo exprImpl(const Expr &e);
  ExprInfo name(const NameExpr &e);
  /// Whether `e` is a read of a local that no assignment reaches
  /// (NameExpr::unbound), as an attribute's base or a callee: reported.
  bool unboundName(const Expr &e);
  /// After an operator's error: a note at `operand` where it is `m[i]` of an
  /// array of more dimensions (a row where an element was meant), or at the
  /// assignment that made a local operand an array.
  void notePartialIndex(const Expr &operand);
  /// The notes for an operator that does not take \p lhs and \p rhs:
  /// notePartialIndex of each, and a note at an array parameter used whole.
  void noteOperands(const Expr &lhs, const Expr &rhs);
  /// A note at \p array, a global array written to: kernels hold those as
  /// read-only constants; nothing for another expression.
  void noteGlobalArray(const Expr &array);
  /// "cannot write to a read-only array (<type>)" at \p at, for a write to
  /// \p arrayExpr (of type \p array), with noteGlobalArray's note.
  void readOnlyError(SourceRange at, Type *array, const Expr &arrayExpr);
  /// Types a `raise` (TypedFunction::raises).
  void raiseStmt(const RaiseStmt &r);
  /// Link \p i of chained comparison \p c that is `in`, `not in`, `is` or
  /// `is not` (or of strings or None), typed as that comparison alone
  /// (TypedFunction::chainLinks): its info, no type after an error.
  ExprInfo chainLink(const CompareExpr &c, size_t i, llvm::ArrayRef<ExprInfo> ops);
  /// `x in t` / `x not in t` for a tuple of numbers t; ops are the operands' infos.
  ExprInfo membership(const CompareExpr &c, const std::vector<ExprInfo> &ops);
  /// Element k of a membership test's tuple as a promotion operand.
  /// Whether `x == item` types (numbers, or tuples element by element), for
  /// `x in t` and t.index(x); else an error naming \p which item.
  bool tupleItemEquality(const ExprInfo &x, TypedOperand item, SourceRange at,
                         const std::string &which);
  TypedOperand membershipElement(const CompareExpr &c, size_t k);
  /// A call of cmath.<fn> (CMathFunctions.h), its arguments typed.
  ExprInfo cmathCall(const CallExpr &e, CMathFn fn, llvm::ArrayRef<ExprInfo> args);
  /// A global value as an expression: `spelled` is how the code names it
  /// (`x`, `helpers.x`) for errors at `range`.
  ExprInfo global(const GlobalValue &g, SourceRange range, const std::string &spelled);
  ExprInfo attribute(const AttributeExpr &e);
  ExprInfo subscript(const SubscriptExpr &e);
  ExprInfo call(const CallExpr &e);
  /// \p info of \p e where it is used as a value (assigned, in a tuple,
  /// returned, passed): cuda.threadIdx and friends become a Dim3 named tuple.
  ExprInfo valueOf(const Expr &e, ExprInfo info);
  /// "a" + "b", "ab" * 3 of string constants: the string constant.
  std::optional<ExprInfo> stringOperator(const BinaryExpr &e, const ExprInfo &l,
                                         const ExprInfo &r);
  ExprInfo binary(const BinaryExpr &e);
  /// t + u (concatenation) and t * n, n * t (repetition by a constant int)
  /// of tuples: the new tuple; none when \p l and \p r are not such
  /// operands; an ExprInfo with no type after an error at \p at.
  std::optional<ExprInfo> tupleOperator(BinaryOp op, const ExprInfo &l, const ExprInfo &r,
                                        SourceRange at);
  /// A call of a device function whose typing runs now (DeviceFunctionRegistry::
  /// typingNow): its result is `resultType` (declared, or found so far);
  /// `assumes`: the caller is not the function typed now but one it calls
  /// (mutual recursion), whose typing takes that result as final; checked
  /// when the callee's typing ends.
  /// `def`: fn's definition; `callee` is complete only once its typing ends.
  /// `s == "add"` where an operand is a compile-time string: the constant
  /// bool (an error for other operators); none when no operand is a string.
  std::optional<ExprInfo> stringComparison(const ast::CompareExpr &c,
                                           llvm::ArrayRef<ExprInfo> ops);
  /// `a[i] == "abc"`, `a[i] != b[j]` where an operand is a bytes or str item
  /// (CharSeqType): bool; none when no operand is one.
  std::optional<ExprInfo> charSeqComparison(const ast::CompareExpr &c,
                                            llvm::ArrayRef<ExprInfo> ops);
  /// Whether \p value (a string constant, or a bytes or str item) goes
  /// into a bytes or str item \p to; if not, an error at \p range ending in
  /// \p what ("into an array of [char x 4]"), or (an empty Twine) about a
  /// comparison.
  bool checkCharSeqValue(CharSeqType *to, const ExprInfo &value, SourceRange range,
                         const llvm::Twine &what);
  /// a.x, a['x'] of a record array `at`: the array of the field (a view).
  ExprInfo fieldArray(ArrayType *at, const std::string &name, SourceRange range);
  ExprInfo recursiveCall(const CallExpr &e, const DeviceFunctionSource &fn,
                         const FunctionDef &def, CallBinding binding,
                         llvm::ArrayRef<Type *> argTypes, const TypedFunction *callee,
                         Type *resultType, bool assumes);
  /// \p self: a method call's object (overload_method), bound to the
  /// first parameter before the call's arguments.
  ExprInfo deviceCall(const CallExpr &e, const DeviceFunctionSource &fn,
                      const Expr *self = nullptr, llvm::StringRef selfKind = "method");
  /// x.name(...) where the globals hold an overloaded method `name`
  /// (kOverloadMethodPrefix, numba's overload_method) and x's type has no
  /// method of that name of pyjit's own: the call of that overload with x
  /// first. None where pyjit's own attribute applies (or x is no value).
  /// \p own: pyjit's own attribute's type where it applies (typed once).
  std::optional<ExprInfo> overloadedMethodCall(const CallExpr &e, ExprInfo &own);
  /// x.name where the globals hold an overloaded attribute `name`
  /// (kOverloadAttributePrefix) and x's type has no attribute of that name
  /// of pyjit's own: the call of its implementation with x
  /// (TypedFunction::attributeCalls). None where pyjit's own applies.
  std::optional<ExprInfo> overloadedAttribute(const AttributeExpr &e);
  /// The overloaded method call or attribute \p e of object \p object, its
  /// implementation \p fn: deviceCall with the object typed once
  /// (`receivers`); None where pyjit's own attribute applies or no
  /// registration takes the object's type. \p kind: "method" or "attribute".
  std::optional<ExprInfo> overloadedUse(const CallExpr &e, const AttributeExpr &attr,
                                        const DeviceFunctionSource &fn, llvm::StringRef kind,
                                        ExprInfo &own);
  /// Whether x's type has pyjit's own attribute \p e (typed quietly), for
  /// an object x of a known value type; its type in \p own.
  bool hasOwnAttribute(const AttributeExpr &e, ExprInfo &own);
  /// A call of an overloaded function (numba's @overload), its arguments
  /// bound to the typing function's parameters: the implementation for
  /// their types (DeviceFunctionSource::variants).
  ExprInfo overloadCall(const CallExpr &e, const DeviceFunctionSource &fn,
                        const CallBinding &binding, llvm::ArrayRef<Type *> argTypes);
  /// Per argument of a bound call, its compile-time constant where the
  /// callee reads it as one (numba's Literal types): ints that fit the
  /// parameter's type, bools, strings, tuples of ints.
  std::vector<std::optional<GlobalValue>> callConstants(const CallBinding &binding,
                                                        llvm::ArrayRef<Type *> argTypes);
  /// Point(x, y=...) of a named tuple class global: a named tuple.
  ExprInfo namedTupleCall(const CallExpr &e, const GlobalValue &g);
  ExprInfo vectorConstruct(const CallExpr &e, llvm::StringRef name,
                           llvm::ArrayRef<ExprInfo> args);
  /// A call of a cuda.declare_device function (an Extern global).
  ExprInfo externCall(const CallExpr &e, const GlobalValue &g);
  /// np.sin(x, out), np.add(x, y, out=out): a ufunc of arrays into an output.
  ExprInfo arrayUfunc(const CallExpr &e, llvm::StringRef path, const std::vector<ExprInfo> &args);
  /// carray/farray(pointer, shape, dtype=None) and ffi.from_buffer(array).
  ExprInfo pointerCall(const CallExpr &e, llvm::StringRef path, llvm::ArrayRef<ExprInfo> args);
  /// float("inf") / np.float32("nan") / float("1.5"): a float constant.
  ExprInfo floatOfString(const CallExpr &e, const ast::StrLitExpr &text, llvm::StringRef path);
  /// abs, np.minimum/maximum/fmin/fmax/sign/square/negative/signbit/logaddexp(2)
  /// on numbers (or, from arrayUfunc, on one element of each array operand).
  ExprInfo numpyScalarCall(const CallExpr &e, llvm::StringRef path,
                           const std::vector<ExprInfo> &args);
  /// np.add(a, b) and NumPy's other operator ufuncs (NumpyUfuncs.h); with
  /// \p elementwise, the element types of arrayUfunc's operands (out= allowed).
  ExprInfo numpyOperatorCall(const CallExpr &e, const NumpyOperatorUfunc &u,
                             const std::vector<ExprInfo> &args, llvm::StringRef path,
                             bool elementwise = false);
  /// A call of a nested def (or lambda) visible here: typed with the
  /// enclosing function's variables, inlined like a device function.
  /// `env`: the defining function's environment, for a closure passed to
  /// this (device) function (null: this function's, or its enclosing one's).
  ExprInfo nestedCall(const CallExpr &e, const FunctionDef &fn, const Enclosing *env = nullptr,
                      const GlobalEnv *envGlobals = nullptr, const SourceFile *envFile = nullptr);
  /// The nested def `name` resolves to here, or null.
  const FunctionDef *nestedDef(const std::string &name) const;
  /// Whether \p fn's def statement has been typed (here or in the enclosing
  /// function): one in a pruned branch never is.
  bool defRan(const FunctionDef &fn) const;
  /// Binds a call's arguments (positional, `*tuple`, keywords, defaults) to
  /// `callee`'s parameters; `what` names it in errors ("device function 'f'").
  /// False after an error; `pending` when an argument's type is not known yet.
  /// \p self: a method call's object, the first positional argument.
  bool bindArguments(const CallExpr &e, const FunctionDef &callee, const std::string &what,
                     CallBinding &binding, std::vector<Type *> &argTypes, bool &pending,
                     const GlobalEnv *described = nullptr, const Expr *self = nullptr);
  ExprInfo cudaCall(const CallExpr &e, CudaFn fn, const std::vector<ExprInfo> &args);
  ExprInfo coopCall(const CallExpr &e, llvm::StringRef path, const std::vector<ExprInfo> &args);
  ExprInfo coopTileCall(const CallExpr &e, llvm::StringRef path, llvm::StringRef name,
                        const std::vector<ExprInfo> &args);
  ExprInfo coopSortCall(const CallExpr &e, llvm::StringRef path,
                        const std::vector<ExprInfo> &args);
  const TypedFunction *instantiateOperator(const DeviceFunctionSource &fn, Type *t,
                                           SourceRange at);
  ExprInfo arrayAlloc(const CallExpr &e, bool shared);
  /// The condition \p e of an if, while, assert or conditional expression;
  /// a tuple's is its non-emptiness, a constant recorded for \p e.
  ExprInfo condition(const Expr &e);
  /// The scalar type a dtype operand names: a NumPy scalar type
  /// (`np.float32`, a `dtype.X` builtin) or a str constant spelling one
  /// (`'float32'`, `'f4'`, a global `DT = 'float32'`), as numba's
  /// parse_dtype takes a string literal; null for anything else.
  Type *dtypeOperand(const ExprInfo &d);
  Type *iterElementType(const Expr &iter);
  std::string loopBuiltin(const Expr &e);
  Type *ndindexType(const CallExpr &call);
  Type *rangeElementType(const CallExpr &call);
  /// The element type of a loop over a value typed \p it (an array or a
  /// tuple; null after an error), \p iter its expression.
  Type *iterableElement(const Expr &iter, const ExprInfo &it);
  ExprInfo foldConstant(const BinaryExpr &e, const ExprInfo &l, const ExprInfo &r, Type *t);
  bool alwaysReturns(const Block &b);
  /// The type of an element of array \p at: its dtype, a read-only record
  /// for a read-only record array.
  Type *elementType(ArrayType *at);
  /// a[t] with t a tuple of integers (a variable, or a spliced display): the
  /// element, or an error at \p elementsAt (not integers) or \p countAt.
  ExprInfo tupleIndex(ArrayType *at, TupleType *tt, SourceRange elementsAt, SourceRange countAt);
  /// Set by iterElementType for a loop over an empty tuple (no iteration).
  bool emptyTupleLoop = false;
  ExprInfo recordField(const Expr &element, llvm::StringRef field, SourceRange at);
  /// Where the record \p element (of RecordType) lies: the size of the
  /// outermost record (an array's element, whose address is a multiple of
  /// its lowest set bit) and the byte offset in it, through nested fields.
  std::pair<uint64_t, uint64_t> recordPlacement(const Expr &element);
  /// The value of comparison chain `operands[0] ops[0] operands[1] ...`
  /// when every operand is a number constant (int, bool, float); none else.
  /// The integer loop of NumPy integer-only ufunc \p name (bitwise, gcd)
  /// of two integers that promote to float64 (uint64 and a signed one): the
  /// NumPy integer's type when the other is a Python int; otherwise null
  /// after reporting that NumPy has no loop for them.
  Type *integerLoop(const CallExpr &e, llvm::StringRef name, const std::vector<ExprInfo> &args);
  /// The text of a string literal, or of a global bound to a str (an
  /// exception's or assert's message); none for anything else.
  std::optional<bool> foldNumberComparison(llvm::ArrayRef<ast::CompareOp> ops,
                                           llvm::ArrayRef<ExprInfo> operands);
  /// One link `l op r` of a comparison (of a chain): checks the operands
  /// (numbers, tuples ordered or compared for equality). Returns none after
  /// an error; else the link's value when the types decide it (== and !=
  /// between values of other shapes), or an empty optional.
  std::optional<std::optional<bool>> compareLink(CompareOp op, const ExprInfo &l,
                                                 const ExprInfo &r, SourceRange at);

  /// The elements t[lo:hi:step] takes of a tuple of \p size (constant
  /// bounds, Python's rules), or none after an error.
  std::optional<std::vector<int64_t>> tupleSlice(const SliceExpr &s, size_t size);
  /// An `if` or `while` whose condition was typed as a constant: its truth.
  std::optional<bool> prunedCondition(const ast::Expr &cond);
  /// prunedCondition, or the truth of an `and`/`or` decided by one of its
  /// operands (TypedFunction::decidedTruths); \p cond typed already.
  std::optional<bool> decidedTruth(const ast::Expr &cond);
  /// Whether typed statement `s` always leaves its block, so that IRGen
  /// lowers nothing after it: a return, break, continue or raise; an `if`
  /// decided when compiling whose taken branch leaves, or an undecided one
  /// both of whose branches leave; a loop no reached `break` leaves whose
  /// `else:` leaves, or whose condition is constantly true (`while True:`).
  bool leaves(const ast::Stmt &s);
  /// Types a loop's body, noting in loopsBroken whether a break was reached.
  void loopBody(const ast::Stmt &loop, const ast::Block &body);
  /// Loops with a `break` that typing reached (one after a return is not):
  /// their exit is reached by it. Filled as loops are typed.
  llvm::DenseSet<const ast::Stmt *> loopsBroken;
  bool reachedBreak = false; // in the loop being typed
  /// An operator tree of integer literals (`2**63 - 1`), folded exactly as
  /// CPython's compiler folds it; none for any other expression.
  std::optional<ExprInfo> literalTree(const ast::Expr &e);
  ExprInfo constant(GlobalValue v) {
    if (v.isString()) { // no run-time value: it compares and passes when compiling
      ExprInfo info{ctx.builtin(v.dtype == "bytes" ? "bytes" : "str")};
      info.constant = std::move(v);
      return info;
    }
    if (v.kind == GlobalValue::Kind::ConstArray && v.name == "R") {
      // A global record scalar: read only, in constant memory (numba-cuda's
      // constant_record).
      ExprInfo info{firstAxisElement(
          ctx, ctx.array(parseDType(ctx, v.dtype), 1, Layout::C, /*readonly=*/true))};
      info.constant = std::move(v);
      return info;
    }
    if (v.kind == GlobalValue::Kind::ConstArray) {
      // A global array, also one in a global tuple: read only, in constant
      // memory (numba types a global array as a constant).
      ExprInfo info{ctx.array(parseDType(ctx, v.dtype), static_cast<unsigned>(v.shape.size()),
                              v.name == "F" ? Layout::F : Layout::C, /*readonly=*/true)};
      info.constant = std::move(v);
      return info;
    }
    if (v.kind == GlobalValue::Kind::None) {
      ExprInfo info{ctx.none()};
      info.constant = std::move(v);
      return info;
    }
    if (v.kind == GlobalValue::Kind::DeviceFunction) { // in a global tuple: (f, g)
      ExprInfo info{ctx.builtin(ctx.devicePath(v.device))};
      info.constant = std::move(v);
      return info;
    }
    if (v.kind == GlobalValue::Kind::Tuple) {
      // A frozen tuple: its elements keep their constant types (strong, as
      // numba types a global tuple of ints as UniTuple(int64)).
      std::vector<Type *> elems;
      for (const GlobalValue &e : v.elements)
        elems.push_back(constant(e).type);
      // A named tuple global: `name` its class, `data` its field names.
      llvm::SmallVector<llvm::StringRef, 8> fields;
      if (!v.name.empty())
        llvm::StringRef(v.data).split(fields, ',');
      ExprInfo info{v.name.empty() || fields.size() != elems.size()
                        ? ctx.tuple(elems)
                        : ctx.namedTuple(elems, v.name,
                                         std::vector<std::string>(fields.begin(), fields.end()))};
      info.constant = std::move(v);
      return info;
    }
    ExprInfo info;
    info.constant = v;
    info.weak = v.kind != GlobalValue::Kind::Bool && v.dtype.empty();
    if (!v.dtype.empty())
      if (Type *strong = parseDType(ctx, v.dtype)) {
        info.type = strong;
        return info;
      }
    info.type = v.kind == GlobalValue::Kind::Int       ? static_cast<Type *>(ctx.int64())
                : v.kind == GlobalValue::Kind::Float   ? static_cast<Type *>(ctx.float64())
                : v.kind == GlobalValue::Kind::Complex ? static_cast<Type *>(ctx.complexTy(128))
                                                       : static_cast<Type *>(ctx.boolean());
    return info;
  }
  std::string typeName(Type *t) {
    if (auto *ns = llvm::dyn_cast_or_null<NamespaceType>(t)) {
      // cuda.blockDim where cuda.blockDim.x was meant: numba's Dim3.
      llvm::StringRef p = ns->path();
      if (p == "cuda.threadIdx" || p == "cuda.blockIdx" || p == "cuda.blockDim" ||
          p == "cuda.gridDim")
        return "Dim3 (" + p.str() + ": its .x, .y or .z is an int)";
    }
    if (auto *tt = llvm::dyn_cast_or_null<TupleType>(t); tt && tt->className() == "Dim3")
      return "Dim3 (cuda.threadIdx, blockIdx, blockDim or gridDim: its .x, .y or .z is an "
             "int)"; // (read into a variable: i = cuda.threadIdx)
    return t ? t->str() : "<unknown>";
  }
  /// What to add to "name 'x' is not defined": the import it lacks, or the
  /// closest local or global name.
  std::string undefinedNameHint(llvm::StringRef name) const;
  /// The type's name after its indefinite article, for messages: "an int64",
  /// "a float32", "a uint8" (said "you-int").
  std::string aTypeName(Type *t) {
    std::string name = typeName(t);
    char first = name.empty() ? 'x' : name[0];
    char c = static_cast<char>(std::tolower(static_cast<unsigned char>(first)));
    return (llvm::StringRef("aeio").contains(c) ? "an " : "a ") + name;
  }
  bool isIntegral(Type *t) { return t && (isa<IntType>(t) || isa<BoolType>(t)); }

  const FunctionDef &def;
  const GlobalEnv &globals;
  TypeContext &ctx;
  DiagnosticEngine &diags;
  DeviceFunctionRegistry *registry;
  bool isKernel;
  TypedFunction result;
  std::set<std::string> localNames;
  /// The prefix of each rewritten call's temporaries (tempPrefix), and how
  /// many nodes took each source location's: literal_unroll's copies of one
  /// call share its location, but each has temporaries of its own types.
  std::map<const void *, std::string> tempPrefixes;
  std::map<std::string, unsigned> tempPrefixUses;
  std::string tempPrefix(llvm::StringRef kind, const void *node, SourceRange r);
  /// How many places assign each local (a parameter's argument counts).
  std::map<std::string, unsigned> assignments;
  /// Locals assigned once, a constant: what reading them after the
  /// assignment (which ends at the SourceLoc) gives.
  std::map<std::string, std::pair<ExprInfo, SourceLoc>> constantLocals;
  /// Locals that name a compile-time value (f = a device function, dt =
  /// np.float32): constantLocals entries with no run-time variable.
  std::set<std::string> aliases;
  /// The expression whose Optional type is kept (not read as its number):
  /// set by its consumer just before typing it (Inferer::expr).
  const Expr *keepOptional = nullptr;
  /// Parallel to the parameters (or empty): constant arguments (inferTypes).
  std::vector<std::optional<GlobalValue>> paramConstants;
  /// The assignments directly in the function's body (not nested).
  std::set<const AssignStmt *> topLevelAssigns;
  /// The def each nested function's name means: the last in the source until
  /// a def statement is typed (Stmt::Kind::Def), then the one typed, so that
  /// of two defs of one name in the branches of a pruned `if` the taken one
  /// counts.
  std::map<std::string, const FunctionDef *> nestedDefs;
  std::set<const FunctionDef *> typedDefs; // the def statements typed so far
  std::vector<const FunctionDef *> callingDefs; // nested defs being typed, from here
  std::map<NestedKey, const TypedFunction *>
      nestedInstances; // Enclosing::instances, when this function encloses
  const Enclosing *enclosing = nullptr;
  bool returnsNone = false;
  std::map<std::string, SourceRange> typeOrigin; // where each local got its type
  std::set<std::string> parameterNames;          // the function's parameters
  /// Variables whose assignments failed to unify (reported): reads of them
  /// have no type, so no second error follows from the first.
  std::set<std::string> ununified;
  bool warnFloat64 = false; // a kernel whose arrays are all float32, or a device function it calls
  /// A warning for the expression statement \p e (typed \p info) that does
  /// nothing: a function not called (`cuda.syncthreads`), `a[i] == x`.
  void warnNoEffect(const Expr &e, const ExprInfo &info);
  /// Whether float64 expression \p x was asked for by name (np.float64(v),
  /// float(v), a variable every assignment of which is such, and arithmetic
  /// whose float64 operands all are such): warnFloat64 spares it.
  bool explicitFloat64(const Expr &x);
  /// Whether float64 arithmetic on \p lhs and \p rhs was asked for by name:
  /// one of them explicitFloat64, neither another (strong) float64.
  bool explicitFloat64Operands(const Expr &lhs, const Expr &rhs);
  /// warnFloat64's warning, once a kernel, for `lhs op rhs` of type \p t
  /// (a binary operator, or an augmented assignment) at \p at.
  void warnFloat64Arithmetic(SourceRange at, BinaryOp op, const Expr &lhs, const ExprInfo &l,
                             const Expr &rhs, const ExprInfo &r, Type *t);
  /// Per variable: whether every assignment so far assigned an
  /// explicitFloat64 value (assignVar; assigningFloat64 while an Assign
  /// statement's value is one).
  std::map<std::string, bool> float64ByName;
  bool assigningFloat64 = false;
  bool warnedFloat64 = false;
  /// While the arguments of int(), round(x), range(), math.floor, ceil,
  /// trunc or an integer dtype's constructor are typed: float64 arithmetic
  /// there makes a whole number (an index: int(i - 10 * RISE / DT)), where
  /// float32 would lose digits above 2**24, so warnFloat64 spares it. (Not
  /// inside another call there: int(math.sqrt(x * 0.1)) warns.)
  bool convertingToInt = false;
  SourceRange firstValueReturn;
  bool reporting = false;
  /// Set by overloadCall for an overloaded method or attribute no
  /// registration takes the object of (kNotRegisteredMark), reporting
  /// nothing: its caller types the name as if there were no overload.
  bool notRegistered = false;
  /// The objects of the overloaded method calls and attributes being typed,
  /// with their types: typed once per use (expr() answers from here), not
  /// again for the own-attribute check and the binding, which in a chain
  /// (`t.inc.inc.inc`) would type each object exponentially many times.
  std::map<const Expr *, ExprInfo> receivers;
  bool failed = false;
  bool changed = false;
  int loopDepth = 0;
};

} // namespace pyjit::ir::detail

#endif
