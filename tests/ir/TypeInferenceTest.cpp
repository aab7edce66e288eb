//===- TypeInferenceTest.cpp - Promotion rules and inference of locals ----===//
#include "pyjit/frontend/Parser.h"
#include "pyjit/ir/Signature.h"
#include "pyjit/ir/TypeInference.h"
#include "pyjit/ir/TypeRules.h"
#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <vector>

using namespace pyjit;
using namespace pyjit::ir;
using pyjit::ast::BinaryOp;
using llvm::cast;
using llvm::dyn_cast;

namespace {

//===----------------------------------------------------------------------===//
// TypeRules on their own
//===----------------------------------------------------------------------===//

class TypeRulesTest : public ::testing::Test {
protected:
  TypeContext ctx;
  // Operands by numba name; a trailing "!" marks a weak (Python scalar) one.
  TypedOperand op(llvm::StringRef name) {
    bool weak = name.consume_back("!");
    Type *t = ctx.scalarByName(name);
    EXPECT_NE(t, nullptr) << name.str();
    return {t, weak};
  }
  static std::string str(Type *t) { return t ? t->str() : "null"; }
  std::string promote(llvm::StringRef a, llvm::StringRef b) {
    return str(promoteOperands(ctx, op(a), op(b)));
  }
  std::string result(BinaryOp o, llvm::StringRef a, llvm::StringRef b) {
    return str(binaryResultType(ctx, o, op(a), op(b)));
  }
};

TEST_F(TypeRulesTest, WeakPythonScalarsTakeTheStrongOperandsType) {
  // NEP 50: float32 * 2.0 stays float32; float32 * 2 too.
  EXPECT_EQ(promote("float32", "float64!"), "float32");
  EXPECT_EQ(promote("float64!", "float32"), "float32");
  EXPECT_EQ(promote("float32", "int64!"), "float32");
  EXPECT_EQ(promote("float16", "float64!"), "float16");
  EXPECT_EQ(promote("int8", "int64!"), "int8");
  EXPECT_EQ(promote("uint8", "int64!"), "uint8");
  // A weak operand of a higher kind wins: int32 * 2.0 is float64.
  EXPECT_EQ(promote("int32", "float64!"), "float64");
  EXPECT_EQ(promote("bool", "int64!"), "int64");
  // Two weak operands: the higher kind.
  EXPECT_EQ(promote("int64!", "float64!"), "float64");
  EXPECT_EQ(promote("int64!", "int64!"), "int64");
}

TEST_F(TypeRulesTest, StrongOperandsFollowNumPysTable) {
  EXPECT_EQ(promote("int32", "int64"), "int64");
  EXPECT_EQ(promote("float32", "float64"), "float64");
  // An int fits a float exactly when its bits are fewer than the mantissa.
  EXPECT_EQ(promote("int8", "float32"), "float32");
  EXPECT_EQ(promote("int16", "float32"), "float32");
  EXPECT_EQ(promote("uint16", "float32"), "float32");
  EXPECT_EQ(promote("int32", "float32"), "float64");
  EXPECT_EQ(promote("int64", "float32"), "float64");
  EXPECT_EQ(promote("int64", "float64"), "float64");
  EXPECT_EQ(promote("int8", "float16"), "float16");
  EXPECT_EQ(promote("bool", "float16"), "float16");
  EXPECT_EQ(promote("bool", "int8"), "int8");
  EXPECT_EQ(promote("bool", "bool"), "bool");
  // Mixed signedness: the smallest signed type holding both.
  EXPECT_EQ(promote("int8", "uint8"), "int16");
  EXPECT_EQ(promote("uint32", "int32"), "int64");
  EXPECT_EQ(promote("uint16", "int64"), "int64");
  EXPECT_EQ(promote("uint64", "int64"), "float64");
  // Not scalars: no common type.
  EXPECT_EQ(promoteOperands(ctx, {ctx.array(ctx.float32(), 1, Layout::A), false},
                            {ctx.float32(), false}),
            nullptr);
}

// BUG: NumPy's table gives float32 for int16/uint16 with float16 (float32's
// 24-bit mantissa holds them); TypeRules jumps to float64, because it only
// compares the int with the float at hand and otherwise falls back to
// float64. Check: numpy.promote_types('int16', 'float16') == float32.
TEST_F(TypeRulesTest, Int16WithFloat16IsFloat32AsInNumPy) {
  EXPECT_EQ(promote("int16", "float16"), "float32");
  EXPECT_EQ(promote("uint16", "float16"), "float32");
}

// Measured with numba-cuda 0.30.4 (compile_ptx's result types of x + y).
TEST_F(TypeRulesTest, BFloat16PromotesAsNumbaCuda) {
  EXPECT_EQ(promote("bfloat16", "bfloat16"), "bfloat16");
  EXPECT_EQ(promote("bfloat16", "int64"), "float64");
  EXPECT_EQ(promote("bfloat16", "float32"), "float32");
  EXPECT_EQ(promote("float16", "bfloat16"), "float32");
  EXPECT_EQ(promote("bfloat16", "float64"), "float64");
  // As float16 (not measured): small integers stay, int16 needs float32; a
  // Python number takes bfloat16's type (NEP 50).
  EXPECT_EQ(promote("int8", "bfloat16"), "bfloat16");
  EXPECT_EQ(promote("bool", "bfloat16"), "bfloat16");
  EXPECT_EQ(promote("int16", "bfloat16"), "float32");
  EXPECT_EQ(promote("bfloat16", "int64!"), "bfloat16");
  EXPECT_EQ(promote("bfloat16", "float64!"), "bfloat16");
  EXPECT_EQ(result(BinaryOp::BitAnd, "bfloat16", "bfloat16"), "null");
}

TEST_F(TypeRulesTest, IntegerArithmeticWidensToInt64) {
  EXPECT_EQ(result(BinaryOp::Add, "int32", "int32"), "int64");
  EXPECT_EQ(result(BinaryOp::Mul, "int8", "int8"), "int64");
  EXPECT_EQ(result(BinaryOp::Sub, "int32", "int64!"), "int64");
  EXPECT_EQ(result(BinaryOp::FloorDiv, "int32", "int32"), "int64");
  EXPECT_EQ(result(BinaryOp::Mod, "int32", "int32"), "int64");
  EXPECT_EQ(result(BinaryOp::Pow, "int32", "int64!"), "int64");
  EXPECT_EQ(result(BinaryOp::Shl, "int32", "int64!"), "int64");
  EXPECT_EQ(result(BinaryOp::BitAnd, "int32", "int32"), "int64");
  // bool arithmetic gives int64, bool bit operations stay bool.
  EXPECT_EQ(result(BinaryOp::Add, "bool", "bool"), "int64");
  EXPECT_EQ(result(BinaryOp::BitAnd, "bool", "bool"), "bool");
  EXPECT_EQ(result(BinaryOp::BitXor, "bool", "bool"), "bool");
  // 64-bit stays as it is.
  EXPECT_EQ(result(BinaryOp::Add, "uint64", "uint64"), "uint64");
}

// numba's integer typing (typing/builtins.py, choose_result_int): the result
// has at least 64 bits and is signed only if an operand is signed, so
// uint32 + uint32 is uint64. TypeRules' widenInt always picks int64.
// Reported as a deviation; the project may prefer its own rule.
TEST_F(TypeRulesTest, UnsignedArithmeticWidensToUint64AsInNumba) {
  EXPECT_EQ(result(BinaryOp::Add, "uint32", "uint32"), "uint64");
  EXPECT_EQ(result(BinaryOp::Mul, "uint8", "uint8"), "uint64");
}

TEST_F(TypeRulesTest, FloatArithmeticKeepsTheFloatWidth) {
  EXPECT_EQ(result(BinaryOp::Mul, "float32", "float64!"), "float32");
  EXPECT_EQ(result(BinaryOp::Add, "float32", "float32"), "float32");
  EXPECT_EQ(result(BinaryOp::FloorDiv, "float32", "int64!"), "float32");
  EXPECT_EQ(result(BinaryOp::Pow, "float32", "int64!"), "float32");
  EXPECT_EQ(result(BinaryOp::Add, "float32", "float64"), "float64");
}

TEST_F(TypeRulesTest, TrueDivision) {
  EXPECT_EQ(result(BinaryOp::TrueDiv, "int64", "int64"), "float64");
  EXPECT_EQ(result(BinaryOp::TrueDiv, "int32", "int32"), "float64");
  EXPECT_EQ(result(BinaryOp::TrueDiv, "int8", "int64!"), "float64");
  EXPECT_EQ(result(BinaryOp::TrueDiv, "int64!", "int64!"), "float64");
  EXPECT_EQ(result(BinaryOp::TrueDiv, "float32", "int64!"), "float32");
  EXPECT_EQ(result(BinaryOp::TrueDiv, "float32", "float32"), "float32");
}

TEST_F(TypeRulesTest, UndefinedOperators) {
  EXPECT_EQ(result(BinaryOp::BitAnd, "float32", "int32"), "null");
  EXPECT_EQ(result(BinaryOp::Shl, "float64", "int64!"), "null");
  EXPECT_EQ(result(BinaryOp::MatMul, "float32", "float32"), "null");
}

TEST_F(TypeRulesTest, Unification) {
  auto unify = [&](Type *a, Type *b) { return str(unifyTypes(ctx, a, b)); };
  EXPECT_EQ(unify(nullptr, ctx.int32()), "int32");
  EXPECT_EQ(unify(ctx.int32(), ctx.int32()), "int32");
  EXPECT_EQ(unify(ctx.int32(), ctx.int64()), "int64");
  EXPECT_EQ(unify(ctx.float32(), ctx.float64()), "float64");
  EXPECT_EQ(unify(ctx.int64(), ctx.float64()), "float64");
  // int64 does not fit float32 exactly: float64 (numba unifies the same way).
  EXPECT_EQ(unify(ctx.int64(), ctx.float32()), "float64");
  EXPECT_EQ(unify(ctx.boolean(), ctx.int32()), "int32");
  Type *t1 = ctx.tuple({ctx.int32(), ctx.float32()});
  Type *t2 = ctx.tuple({ctx.int64(), ctx.float32()});
  EXPECT_EQ(unifyTypes(ctx, t1, t2), ctx.tuple({ctx.int64(), ctx.float32()}));
  EXPECT_EQ(unifyTypes(ctx, t1, ctx.tuple({ctx.int64()})), nullptr);
  Type *arr = ctx.array(ctx.float32(), 1, Layout::A);
  EXPECT_EQ(unifyTypes(ctx, arr, arr), arr);
  EXPECT_EQ(unifyTypes(ctx, arr, ctx.float32()), nullptr);
  // Arrays of other layouts unify to A (numba); read-only wins; other
  // dtypes or ranks do not unify.
  EXPECT_EQ(unifyTypes(ctx, arr, ctx.array(ctx.float32(), 1, Layout::C)), arr);
  EXPECT_EQ(unifyTypes(ctx, ctx.array(ctx.float32(), 2, Layout::C),
                       ctx.array(ctx.float32(), 2, Layout::F)),
            ctx.array(ctx.float32(), 2, Layout::A));
  EXPECT_EQ(unifyTypes(ctx, arr, ctx.array(ctx.float32(), 1, Layout::A, true)),
            ctx.array(ctx.float32(), 1, Layout::A, true));
  EXPECT_EQ(unifyTypes(ctx, arr, ctx.array(ctx.float64(), 1, Layout::A)), nullptr);
  EXPECT_EQ(unifyTypes(ctx, arr, ctx.array(ctx.float32(), 2, Layout::A)), nullptr);
}

//===----------------------------------------------------------------------===//
// Inference on kernels
//===----------------------------------------------------------------------===//

class TypeInferenceTest : public ::testing::Test {
protected:
  TypeInferenceTest() {
    globals.set("cuda", GlobalValue::ofModule("cuda"));
    globals.set("math", GlobalValue::ofModule("math"));
    globals.set("np", GlobalValue::ofModule("numpy"));
  }

  /// Parses `source` and infers its first function with `argTypes`
  /// (numba spellings). Returns whether inference succeeded.
  bool infer(const std::string &source, std::vector<std::string> argTypes,
             unsigned firstLine = 1) {
    file = std::make_unique<SourceFile>("k.py", source, firstLine);
    diags = std::make_unique<DiagnosticEngine>(*file);
    module = parseSource(*file, *diags);
    if (!module) {
      ADD_FAILURE() << "parse failed: " << diags->render();
      return false;
    }
    std::vector<Type *> types;
    for (const std::string &s : argTypes) {
      auto t = parseType(ctx, s);
      if (!t) {
        ADD_FAILURE() << llvm::toString(t.takeError());
        return false;
      }
      types.push_back(*t);
    }
    typed = inferTypes(*module->functions[0], types, globals, ctx, *diags);
    return typed.has_value();
  }

  Type *local(const std::string &name) {
    if (!typed)
      return nullptr;
    auto it = typed->locals.find(name);
    return it == typed->locals.end() ? nullptr : it->second;
  }
  std::string localStr(const std::string &name) {
    Type *t = local(name);
    return t ? t->str() : "<none>";
  }
  /// The inferred info of the value assigned by body statement `i`.
  const ExprInfo &assignedValue(size_t i) {
    auto &a = cast<ast::AssignStmt>(*module->functions[0]->body.at(i));
    return typed->info(a.value.get());
  }
  const Diagnostic &firstDiag() { return diags->diagnostics().at(0); }

  TypeContext ctx;
  GlobalEnv globals;
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<DiagnosticEngine> diags;
  std::unique_ptr<ast::Module> module;
  std::optional<TypedFunction> typed;
};

TEST_F(TypeInferenceTest, ParametersGetTheirSignatureTypes) {
  ASSERT_TRUE(infer("def k(a, n):\n    pass\n", {"float32[:, ::1]", "int32"}))
      << diags->render();
  EXPECT_EQ(local("a"), ctx.array(ctx.float32(), 2, Layout::C));
  EXPECT_EQ(local("n"), ctx.int32());
  ASSERT_EQ(typed->paramTypes.size(), 2u);
  EXPECT_EQ(typed->paramTypes[1], ctx.int32());
}

TEST_F(TypeInferenceTest, Float32TimesPythonFloatStaysFloat32) {
  ASSERT_TRUE(infer("def k(x, i):\n"
                    "    y = x[i] * 2.0\n"
                    "    z = 2 * x[i]\n"
                    "    w = x[i] + 0.5 * 3\n",
                    {"float32[:]", "int64"}))
      << diags->render();
  EXPECT_EQ(localStr("y"), "float32");
  EXPECT_EQ(localStr("z"), "float32");
  // 0.5 * 3 is a weak float64; with float32 it stays float32.
  EXPECT_EQ(localStr("w"), "float32");
  EXPECT_FALSE(assignedValue(0).weak);
}

TEST_F(TypeInferenceTest, WeakLiteralsAloneAreFloat64AndInt64) {
  ASSERT_TRUE(infer("def k(a):\n"
                    "    f = 2.0 * 3\n"
                    "    i = 2 * 3\n"
                    "    d = 7 / 2\n"
                    "    n = -1\n",
                    {"float32[:]"}))
      << diags->render();
  EXPECT_EQ(localStr("f"), "float64");
  EXPECT_EQ(localStr("i"), "int64");
  EXPECT_EQ(localStr("d"), "float64");
  EXPECT_EQ(localStr("n"), "int64");
  EXPECT_TRUE(assignedValue(0).weak);
  EXPECT_TRUE(assignedValue(1).weak);
  EXPECT_TRUE(assignedValue(3).weak); // -1 is still a Python scalar
}

TEST_F(TypeInferenceTest, Int32ArithmeticComputesInInt64) {
  ASSERT_TRUE(infer("def k(a, b):\n"
                    "    s = a + b\n"
                    "    t = a * 3\n"
                    "    u = a // b\n"
                    "    v = a % 4\n"
                    "    x = a & b\n",
                    {"int32", "int32"}))
      << diags->render();
  EXPECT_EQ(localStr("s"), "int64");
  EXPECT_EQ(localStr("t"), "int64");
  EXPECT_EQ(localStr("u"), "int64");
  EXPECT_EQ(localStr("v"), "int64");
  EXPECT_EQ(localStr("x"), "int64");
}

// BUG (deviation from numba): numba types unary `-`, `+` and `~` on an
// integer narrower than 64 bits as int64 (typing/builtins.py, UnaryOp cases
// use choose_result_int), like the binary operators; pyjit keeps int32, so
// `-x` wraps for x == -2**31 where numba gives 2**31.
TEST_F(TypeInferenceTest, Int32UnaryOperatorsComputeInInt64) {
  ASSERT_TRUE(infer("def k(a):\n"
                    "    w = -a\n"
                    "    p = +a\n"
                    "    v = ~a\n",
                    {"int32"}))
      << diags->render();
  EXPECT_EQ(localStr("w"), "int64");
  EXPECT_EQ(localStr("p"), "int64");
  EXPECT_EQ(localStr("v"), "int64");
}

TEST_F(TypeInferenceTest, IntegerTrueDivisionIsFloat64) {
  ASSERT_TRUE(infer("def k(a, b, f):\n"
                    "    q = a / b\n"
                    "    r = a / 2\n"
                    "    s = f / 2\n",
                    {"int32", "int64", "float32"}))
      << diags->render();
  EXPECT_EQ(localStr("q"), "float64");
  EXPECT_EQ(localStr("r"), "float64");
  EXPECT_EQ(localStr("s"), "float32");
}

TEST_F(TypeInferenceTest, MixedIntAndFloatOperands) {
  ASSERT_TRUE(infer("def k(i, f, g, h):\n"
                    "    a = i * f\n"
                    "    b = h * f\n"
                    "    c = f + g\n"
                    "    d = i * 2.0\n",
                    {"int32", "float32", "float64", "int8"}))
      << diags->render();
  EXPECT_EQ(localStr("a"), "float64"); // int32 with float32 (NumPy)
  EXPECT_EQ(localStr("b"), "float32"); // int8 fits float32 exactly
  EXPECT_EQ(localStr("c"), "float64");
  EXPECT_EQ(localStr("d"), "float64"); // weak float with an int
}

TEST_F(TypeInferenceTest, ComparisonsAndBooleans) {
  ASSERT_TRUE(infer("def k(a, b, f):\n"
                    "    c = a < b < f\n"
                    "    d = not a\n"
                    "    e = a < 1 and f > 0.5\n"
                    "    g = a or b\n",
                    {"int32", "int64", "float32"}))
      << diags->render();
  EXPECT_EQ(localStr("c"), "bool");
  EXPECT_EQ(localStr("d"), "bool");
  EXPECT_EQ(localStr("e"), "bool");
  EXPECT_EQ(localStr("g"), "int64"); // `or` keeps values: int32 | int64 unify
}

TEST_F(TypeInferenceTest, VariablesUnifyAcrossBranches) {
  ASSERT_TRUE(infer("def k(a, n):\n"
                    "    if n > 0:\n"
                    "        x = 1\n"
                    "    else:\n"
                    "        x = 2.5\n"
                    "    if n > 1:\n"
                    "        y = a[0]\n"
                    "    else:\n"
                    "        y = a[1]\n"
                    "    z = n\n"
                    "    if n > 2:\n"
                    "        z = a[0]\n"
                    "    a[0] = x + y + z\n",
                    {"float32[:]", "int32"}))
      << diags->render();
  EXPECT_EQ(localStr("x"), "float64");
  EXPECT_EQ(localStr("y"), "float32");
  EXPECT_EQ(localStr("z"), "float64"); // int32 and float32 unify to float64
}

TEST_F(TypeInferenceTest, LoopCarriedVariablesWidenToAFixpoint) {
  // `acc` starts as int64 (from 0) and takes float32 values in the loop.
  ASSERT_TRUE(infer("def k(a, out):\n"
                    "    acc = 0\n"
                    "    t = acc\n"
                    "    for i in range(a.size):\n"
                    "        acc += a[i]\n"
                    "    out[0] = acc + t\n",
                    {"float32[:]", "float32[:]"}))
      << diags->render();
  EXPECT_EQ(localStr("acc"), "float64");
  EXPECT_EQ(localStr("i"), "int64");
  // t = acc reads the unified type of acc, so it is float64 too.
  EXPECT_EQ(localStr("t"), "float64");
}

TEST_F(TypeInferenceTest, AugmentedAssignmentOnFloat32StaysFloat32) {
  ASSERT_TRUE(infer("def k(a):\n"
                    "    s = a[0]\n"
                    "    s *= 2.0\n"
                    "    s += 1\n"
                    "    a[0] = s\n",
                    {"float32[:]"}))
      << diags->render();
  EXPECT_EQ(localStr("s"), "float32");
}

TEST_F(TypeInferenceTest, CudaIndexingAndShapes) {
  ASSERT_TRUE(infer("def k(a):\n"
                    "    i, j = cuda.grid(2)\n"
                    "    g = cuda.grid(1)\n"
                    "    t = cuda.threadIdx.x\n"
                    "    b = cuda.blockDim.y\n"
                    "    n, m = a.shape\n"
                    "    s = a.size\n"
                    "    w = cuda.gridsize(1)\n"
                    "    v = a[i, j]\n",
                    {"float64[:, ::1]"}))
      << diags->render();
  EXPECT_EQ(localStr("i"), "int64");
  EXPECT_EQ(localStr("j"), "int64");
  EXPECT_EQ(localStr("g"), "int64");
  EXPECT_EQ(localStr("t"), "int32");
  EXPECT_EQ(localStr("b"), "int32");
  EXPECT_EQ(localStr("n"), "int64");
  EXPECT_EQ(localStr("m"), "int64");
  EXPECT_EQ(localStr("s"), "int64");
  EXPECT_EQ(localStr("w"), "int64");
  EXPECT_EQ(localStr("v"), "float64");
  EXPECT_EQ(assignedValue(0).type, ctx.tuple({ctx.int64(), ctx.int64()}));
  EXPECT_EQ(assignedValue(4).type, ctx.tuple({ctx.int64(), ctx.int64()}));
}

TEST_F(TypeInferenceTest, MathAndBuiltins) {
  ASSERT_TRUE(infer("def k(f, i, d):\n"
                    "    a = math.sqrt(f)\n"
                    "    b = math.sqrt(i)\n"
                    "    c = math.sqrt(2.0)\n"
                    "    e = abs(i)\n"
                    "    g = min(f, 1.0)\n"
                    "    h = max(i, f)\n"
                    "    p = min(i, 3)\n"
                    "    q = math.pi * f\n"
                    "    r = float(i)\n"
                    "    s = int(f)\n"
                    "    t = np.float32(d)\n",
                    {"float32", "int32", "float64"}))
      << diags->render();
  EXPECT_EQ(localStr("a"), "float32");
  EXPECT_EQ(localStr("b"), "float64");
  EXPECT_EQ(localStr("c"), "float64");
  EXPECT_EQ(localStr("e"), "int32");
  EXPECT_EQ(localStr("g"), "float32");
  EXPECT_EQ(localStr("h"), "float64");
  EXPECT_EQ(localStr("p"), "int64"); // numba unifies int32 with an int literal (int64)
  EXPECT_EQ(localStr("q"), "float32"); // math.pi is a weak Python float
  EXPECT_EQ(localStr("r"), "float64");
  EXPECT_EQ(localStr("s"), "int64");
  EXPECT_EQ(localStr("t"), "float32");
}

TEST_F(TypeInferenceTest, ModuleConstantsAreWeakCompileTimeValues) {
  globals.set("SCALE", GlobalValue::ofFloat(2.5));
  globals.set("N", GlobalValue::ofInt(16));
  globals.set("FLAG", GlobalValue::ofBool(true));
  ASSERT_TRUE(infer("def k(x):\n"
                    "    y = x[0] * SCALE\n"
                    "    n = N\n"
                    "    b = FLAG\n",
                    {"float32[:]"}))
      << diags->render();
  EXPECT_EQ(localStr("y"), "float32");
  EXPECT_EQ(localStr("n"), "int64");
  EXPECT_EQ(localStr("b"), "bool");
  const ExprInfo &n = assignedValue(1);
  ASSERT_TRUE(n.constant.has_value());
  EXPECT_EQ(n.constant->kind, GlobalValue::Kind::Int);
  EXPECT_EQ(n.constant->i, 16);
  EXPECT_TRUE(n.weak);
  auto &y = cast<ast::BinaryExpr>(*cast<ast::AssignStmt>(*module->functions[0]->body[0]).value);
  const ExprInfo &scale = typed->info(y.rhs.get());
  ASSERT_TRUE(scale.constant.has_value());
  EXPECT_EQ(scale.constant->f, 2.5);
}

TEST_F(TypeInferenceTest, UnknownNameIsAnErrorAtItsLocation) {
  EXPECT_FALSE(infer("def k(a):\n"
                     "    a[0] = 1\n"
                     "    y = a[0] + foo\n",
                     {"float32[:]"}, /*firstLine=*/30));
  ASSERT_EQ(diags->errorCount(), 1u) << diags->render();
  EXPECT_EQ(firstDiag().message, "name 'foo' is not defined");
  EXPECT_EQ(firstDiag().range.begin.line, 32u);
  EXPECT_EQ(firstDiag().range.begin.col, 16u);
  EXPECT_EQ(firstDiag().range.end.col, 19u);
  EXPECT_EQ(diags->render(), "k.py:32:16: error: name 'foo' is not defined\n"
                             "    y = a[0] + foo\n"
                             "               ^~~\n");
}

TEST_F(TypeInferenceTest, PrintOfAnArrayIsRejectedAtTheArgument) {
  // print() takes numbers, bools and string literals; an array is named.
  EXPECT_FALSE(infer("def k(a):\n    print(a)\n", {"float32[:]"}));
  ASSERT_GE(diags->errorCount(), 1u);
  EXPECT_NE(firstDiag().message.find("print() of an array(float32, 1d, A) is not supported"),
            std::string::npos)
      << firstDiag().message;
  EXPECT_EQ(firstDiag().range.begin.col, 11u);
}

TEST_F(TypeInferenceTest, VariablesThatDoNotUnifyAreAnError) {
  EXPECT_FALSE(infer("def k(a, n):\n"
                     "    if n > 0:\n"
                     "        x = a\n"
                     "    else:\n"
                     "        x = 1\n",
                     {"float32[:]", "int32"}));
  ASSERT_EQ(diags->errorCount(), 1u) << diags->render();
  EXPECT_NE(firstDiag().message.find("variable 'x' is assigned both"), std::string::npos)
      << firstDiag().message;
  EXPECT_NE(firstDiag().message.find("which do not unify"), std::string::npos);
}

TEST_F(TypeInferenceTest, BadOperandsAreReportedOverTheWholeExpression) {
  EXPECT_FALSE(infer("def k(a, f):\n    b = f & 1\n", {"float32[:]", "float32"}));
  ASSERT_EQ(diags->errorCount(), 1u) << diags->render();
  EXPECT_EQ(firstDiag().message, "unsupported operand types for &: float32 and int64");
  EXPECT_EQ(firstDiag().range.begin.col, 9u);
  EXPECT_EQ(firstDiag().range.end.col, 14u);
}

TEST_F(TypeInferenceTest, KernelRulesAreEnforced) {
  EXPECT_FALSE(infer("def k(a):\n    break\n", {"float32[:]"}));
  EXPECT_EQ(firstDiag().message, "'break' outside a loop");

  EXPECT_FALSE(infer("def k(a):\n    return 1\n", {"float32[:]"}));
  EXPECT_EQ(firstDiag().message, "a kernel cannot return a value");
  EXPECT_EQ(firstDiag().range.begin.col, 12u);

  EXPECT_FALSE(infer("def k(a, b):\n    pass\n", {"float32[:]"}));
  EXPECT_EQ(firstDiag().message, "function 'k' takes 2 arguments but the signature gives 1 type");

  // A loop over a scalar: the error names the iterable's type, at the iterable.
  EXPECT_FALSE(infer("def k(a, f):\n    for x in f:\n        pass\n", {"float32[:]", "float32"}));
  EXPECT_TRUE(llvm::StringRef(firstDiag().message).starts_with("a 'for' loop over "))
      << firstDiag().message;
  EXPECT_NE(firstDiag().message.find("float32"), std::string::npos) << firstDiag().message;
  EXPECT_EQ(firstDiag().range.begin.line, 2u);
  EXPECT_EQ(firstDiag().range.begin.col, 14u);

  EXPECT_FALSE(infer("def k(a):\n    x = a[0, 1]\n", {"float32[:]"}));
  EXPECT_NE(firstDiag().message.find("too many indices for a 1-d array: 2"), std::string::npos)
      << firstDiag().message;

  EXPECT_FALSE(infer("def k(a):\n    x = a[1.5]\n", {"float32[:]"}));
  EXPECT_EQ(firstDiag().message, "array index must be an integer, not float64");

  EXPECT_FALSE(infer("def k(a):\n    i, j = cuda.grid(3)\n", {"float32[:]"}));
  EXPECT_EQ(firstDiag().message, "cannot unpack 3 values into 2 targets");
}

TEST_F(TypeInferenceTest, ExpressionTypesAreRecorded) {
  ASSERT_TRUE(infer("def k(x, n):\n    y = x[n] * 2.0 + n\n", {"float32[:]", "int32"}))
      << diags->render();
  // (x[n] * 2.0) + n: float32 + int32 -> float64 (NumPy table, both strong).
  auto &add = cast<ast::BinaryExpr>(
      *cast<ast::AssignStmt>(*module->functions[0]->body[0]).value);
  EXPECT_EQ(typed->info(&add).type, ctx.float64());
  auto &mul = cast<ast::BinaryExpr>(*add.lhs);
  EXPECT_EQ(typed->info(&mul).type, ctx.float32());
  EXPECT_EQ(typed->info(mul.lhs.get()).type, ctx.float32());
  const ExprInfo &two = typed->info(mul.rhs.get());
  EXPECT_EQ(two.type, ctx.float64());
  EXPECT_TRUE(two.weak);
  EXPECT_EQ(localStr("y"), "float64");
}

} // namespace

// Found by the fuzzer: a tuple holding a function (`i = cuda.grid, 3`) was
// accepted as a variable's value and crashed IR generation.
TEST_F(TypeInferenceTest, TupleOfAFunctionIsNotAValue) {
  EXPECT_FALSE(infer("def k(a):\n    i = cuda.grid, 3\n", {"float32[:]"}));
  ASSERT_GE(diags->errorCount(), 1u);
  EXPECT_NE(firstDiag().message.find("cannot assign a value of type"), std::string::npos)
      << firstDiag().message;
}

TEST_F(TypeInferenceTest, AFunctionAliasReadBeforeItsAssignmentInALoopIsAnError) {
  // The read comes before the alias's one assignment (numba-cuda refuses it:
  // "Variable 'g' is not defined"); inference reports it rather than crash.
  EXPECT_FALSE(infer("def k(out):\n"
                     "    for i in range(2):\n"
                     "        if i == 1:\n"
                     "            out[i] = g(3.0)\n"
                     "        g = math.sqrt\n",
                     {"float64[:]"}));
  ASSERT_FALSE(diags->diagnostics().empty());
  EXPECT_EQ(firstDiag().range.begin.line, 4u) << diags->render();
}
