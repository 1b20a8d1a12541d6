package io.jfio.jobfile;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * What fio gets back from piping a value into bc with scale=0: + - * / % ^, unary
 * minus, parentheses; division truncates; decimals survive addition and multiplication. fio runs
 * the external bc; jfio evaluates the same arithmetic itself. Null means bc would fail.
 */
final class BcCalculator {
    private final String s;
    private int pos;

    private BcCalculator(String s) {
        this.s = s;
    }

    static String evaluate(String expr) {
        try {
            BcCalculator c = new BcCalculator(expr);
            BigDecimal v = c.expr();
            c.skip();
            if (c.pos != c.s.length()) {
                return null;
            }
            String out = v.toPlainString();
            if (out.startsWith("0.")) {
                out = out.substring(1);
            } else if (out.startsWith("-0.")) {
                out = "-" + out.substring(2);
            }
            return out;
        } catch (ArithmeticException | IllegalStateException e) {
            return null;
        }
    }

    private void skip() {
        while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t')) {
            pos++;
        }
    }

    private boolean eat(char c) {
        skip();
        if (pos < s.length() && s.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private BigDecimal expr() {
        BigDecimal v = term();
        while (true) {
            if (eat('+')) {
                v = v.add(term());
            } else if (eat('-')) {
                v = v.subtract(term());
            } else {
                return v;
            }
        }
    }

    private BigDecimal term() {
        BigDecimal v = power();
        while (true) {
            if (eat('*')) {
                BigDecimal r = power();
                int scale = Math.min(v.scale() + r.scale(), Math.max(v.scale(), r.scale()));
                v = v.multiply(r).setScale(Math.max(scale, 0), RoundingMode.DOWN);
            } else if (eat('/')) {
                v = v.divide(power(), 0, RoundingMode.DOWN);
            } else if (eat('%')) {
                BigDecimal r = power();
                BigDecimal q = v.divide(r, 0, RoundingMode.DOWN);
                v = v.subtract(q.multiply(r));
            } else {
                return v;
            }
        }
    }

    private BigDecimal power() {
        BigDecimal base = unary();
        if (eat('^')) {
            BigDecimal e = power();
            BigInteger n = e.toBigInteger();
            if (n.bitLength() > 16) {
                throw new IllegalStateException("exponent too large");
            }
            int k = n.intValue();
            if (k < 0) {
                return BigDecimal.ONE.divide(base.pow(-k), 0, RoundingMode.DOWN);
            }
            int scale = Math.min(base.scale() * k, base.scale());
            return base.pow(k).setScale(Math.max(scale, 0), RoundingMode.DOWN);
        }
        return base;
    }

    private BigDecimal unary() {
        if (eat('-')) {
            return unary().negate();
        }
        return primary();
    }

    private BigDecimal primary() {
        if (eat('(')) {
            BigDecimal v = expr();
            if (!eat(')')) {
                throw new IllegalStateException("missing )");
            }
            return v;
        }
        skip();
        int start = pos;
        while (pos < s.length() && (Character.isDigit(s.charAt(pos)) || s.charAt(pos) == '.')) {
            pos++;
        }
        if (start == pos) {
            throw new IllegalStateException("syntax error");
        }
        String num = s.substring(start, pos);
        if (num.equals(".")) {
            return BigDecimal.ZERO;
        }
        return new BigDecimal(num.endsWith(".") ? num.substring(0, num.length() - 1) : num);
    }
}
