package zerowire.fuzz;

import java.util.List;
import java.util.Map;

/**
 * Pretty-prints Maps, Lists, Strings, Booleans and numbers as JSON (2-space indent, raw UTF-8,
 * like the shared vectors). Doubles must be finite: callers turn NaN/Infinity/-0 into strings.
 */
final class JsonWriter {
  private final StringBuilder out = new StringBuilder();

  static String write(Object value) {
    JsonWriter w = new JsonWriter();
    w.value(value, 0);
    w.out.append('\n');
    return w.out.toString();
  }

  private void value(Object v, int depth) {
    if (v == null) {
      out.append("null");
    } else if (v instanceof String) {
      string((String) v);
    } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long) {
      out.append(v);
    } else if (v instanceof Double) {
      double d = (Double) v;
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new IllegalArgumentException("non-finite double must be written as a string");
      }
      out.append(Double.toString(d));
    } else if (v instanceof JsonInput.RawNumber) {
      out.append(((JsonInput.RawNumber) v).text());
    } else if (v instanceof Map) {
      map((Map<?, ?>) v, depth);
    } else if (v instanceof List) {
      list((List<?>) v, depth);
    } else {
      throw new IllegalArgumentException("cannot write " + v.getClass());
    }
  }

  private void map(Map<?, ?> m, int depth) {
    if (m.isEmpty()) {
      out.append("{}");
      return;
    }
    out.append('{');
    boolean first = true;
    for (Map.Entry<?, ?> e : m.entrySet()) {
      out.append(first ? "\n" : ",\n");
      first = false;
      indent(depth + 1);
      string((String) e.getKey());
      out.append(": ");
      value(e.getValue(), depth + 1);
    }
    out.append('\n');
    indent(depth);
    out.append('}');
  }

  private void list(List<?> l, int depth) {
    if (l.isEmpty()) {
      out.append("[]");
      return;
    }
    out.append('[');
    boolean first = true;
    for (Object item : l) {
      out.append(first ? "\n" : ",\n");
      first = false;
      indent(depth + 1);
      value(item, depth + 1);
    }
    out.append('\n');
    indent(depth);
    out.append(']');
  }

  private void indent(int depth) {
    for (int i = 0; i < depth; i++) {
      out.append("  ");
    }
  }

  private void string(String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          out.append("\\\"");
          break;
        case '\\':
          out.append("\\\\");
          break;
        case '\n':
          out.append("\\n");
          break;
        case '\r':
          out.append("\\r");
          break;
        case '\t':
          out.append("\\t");
          break;
        default:
          // Control characters and lone surrogates are escaped so the file stays valid UTF-8.
          boolean loneSurrogate =
              Character.isSurrogate(c)
                  && !(Character.isHighSurrogate(c)
                      && i + 1 < s.length()
                      && Character.isLowSurrogate(s.charAt(i + 1)))
                  && !(Character.isLowSurrogate(c)
                      && i > 0
                      && Character.isHighSurrogate(s.charAt(i - 1)));
          if (c < 0x20 || loneSurrogate) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
      }
    }
    out.append('"');
  }
}
