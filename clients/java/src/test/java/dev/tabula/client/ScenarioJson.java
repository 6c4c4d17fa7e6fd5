package dev.tabula.client;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Substitution and matching of the client conformance scenario, as specified in
 * clients/conformance/README.md.
 */
final class ScenarioJson {
  private static final Pattern REFERENCE = Pattern.compile("\\$\\{([^}]+)\\}");
  private static final Pattern PATH_PART = Pattern.compile("([^.\\[\\]]+)((?:\\[\\d+\\])*)");
  private static final Pattern INDEX = Pattern.compile("\\[(\\d+)\\]");

  private ScenarioJson() {}

  /** Replaces every ${NAME.PATH} in the strings of {@code value} by what {@code saved} holds there. */
  static JsonElement substitute(JsonElement value, Map<String, JsonElement> saved) {
    if (value == null || value.isJsonNull()) {
      return JsonNull.INSTANCE;
    }
    if (value.isJsonObject()) {
      JsonObject out = new JsonObject();
      value.getAsJsonObject().entrySet().forEach(e -> out.add(e.getKey(), substitute(e.getValue(), saved)));
      return out;
    }
    if (value.isJsonArray()) {
      JsonArray out = new JsonArray();
      value.getAsJsonArray().forEach(item -> out.add(substitute(item, saved)));
      return out;
    }
    if (!value.getAsJsonPrimitive().isString()) {
      return value;
    }
    String text = value.getAsString();
    Matcher whole = REFERENCE.matcher(text);
    if (whole.matches()) {
      return lookup(whole.group(1), saved);
    }
    Matcher each = REFERENCE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (each.find()) {
      JsonElement found = lookup(each.group(1), saved);
      String replacement = found.isJsonPrimitive() && found.getAsJsonPrimitive().isString() ? found.getAsString() : found.toString();
      each.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    each.appendTail(out);
    return new JsonPrimitive(out.toString());
  }

  private static JsonElement lookup(String path, Map<String, JsonElement> saved) {
    String[] parts = path.split("\\.");
    JsonElement current = saved.get(parts[0]);
    if (current == null) {
      throw new IllegalArgumentException("scenario error: ${" + path + "} names nothing saved");
    }
    for (int p = 1; p < parts.length; p++) {
      Matcher part = PATH_PART.matcher(parts[p]);
      if (!part.matches() || !current.isJsonObject() || !current.getAsJsonObject().has(part.group(1))) {
        throw new IllegalArgumentException("scenario error: ${" + path + "}: no " + parts[p]);
      }
      current = current.getAsJsonObject().get(part.group(1));
      Matcher index = INDEX.matcher(part.group(2));
      while (index.find()) {
        int i = Integer.parseInt(index.group(1));
        if (!current.isJsonArray() || i >= current.getAsJsonArray().size()) {
          throw new IllegalArgumentException("scenario error: ${" + path + "}: no element " + i);
        }
        current = current.getAsJsonArray().get(i);
      }
    }
    return current;
  }

  private static boolean absent(JsonElement value) {
    return value == null || value.isJsonNull();
  }

  /** Where {@code actual} differs from {@code expected}, or null when it matches. */
  static String mismatch(JsonElement expected, JsonElement actual, String at) {
    if (absent(expected)) {
      return absent(actual) ? null : at + ": expected absent, got " + show(actual);
    }
    if (expected.isJsonObject()) {
      JsonObject object = expected.getAsJsonObject();
      if (object.size() == 1 && object.has("$contains")) {
        return mismatchContains(object.getAsJsonArray("$contains"), actual, at);
      }
      if (object.has("$excludes") && occurs(object.getAsJsonPrimitive("$excludes"), actual)) {
        return at + ": " + object.get("$excludes") + " occurs in " + show(actual);
      }
      if (!absent(actual) && !actual.isJsonObject()) {
        return at + ": expected an object, got " + show(actual);
      }
      for (Map.Entry<String, JsonElement> entry : object.entrySet()) {
        if (entry.getKey().equals("$excludes")) {
          continue;
        }
        JsonElement field = absent(actual) ? null : actual.getAsJsonObject().get(entry.getKey());
        String problem = mismatch(entry.getValue(), field, at + "." + entry.getKey());
        if (problem != null) {
          return problem;
        }
      }
      return null;
    }
    if (expected.isJsonArray()) {
      if (!absent(actual) && !actual.isJsonArray()) {
        return at + ": expected a list, got " + show(actual);
      }
      JsonArray want = expected.getAsJsonArray();
      JsonArray got = absent(actual) ? new JsonArray() : actual.getAsJsonArray();
      if (want.size() != got.size()) {
        return at + ": expected " + want.size() + " elements, got " + got.size() + ": " + show(actual);
      }
      for (int i = 0; i < want.size(); i++) {
        String problem = mismatch(want.get(i), got.get(i), at + "[" + i + "]");
        if (problem != null) {
          return problem;
        }
      }
      return null;
    }
    return sameScalar(expected.getAsJsonPrimitive(), actual) ? null : at + ": expected " + expected + ", got " + show(actual);
  }

  private static String mismatchContains(JsonArray wanted, JsonElement actual, String at) {
    if (!absent(actual) && !actual.isJsonArray()) {
      return at + ": expected a list, got " + show(actual);
    }
    JsonArray list = absent(actual) ? new JsonArray() : actual.getAsJsonArray();
    for (int i = 0; i < wanted.size(); i++) {
      boolean found = false;
      for (JsonElement candidate : list) {
        if (mismatch(wanted.get(i), candidate, at) == null) {
          found = true;
          break;
        }
      }
      if (!found) {
        return at + ": no element matches $contains[" + i + "] " + show(wanted.get(i));
      }
    }
    return null;
  }

  /** Equal scalars of the same JSON type: "2" never equals 2. */
  private static boolean sameScalar(JsonPrimitive expected, JsonElement actual) {
    if (absent(actual) || !actual.isJsonPrimitive()) {
      return false;
    }
    JsonPrimitive got = actual.getAsJsonPrimitive();
    if (expected.isString() != got.isString() || expected.isNumber() != got.isNumber() || expected.isBoolean() != got.isBoolean()) {
      return false;
    }
    return expected.isNumber()
        ? expected.getAsBigDecimal().compareTo(got.getAsBigDecimal()) == 0
        : expected.equals(got);
  }

  private static boolean occurs(JsonPrimitive needle, JsonElement haystack) {
    if (absent(haystack)) {
      return false;
    }
    if (haystack.isJsonObject()) {
      return haystack.getAsJsonObject().entrySet().stream().anyMatch(e -> occurs(needle, e.getValue()));
    }
    if (haystack.isJsonArray()) {
      for (JsonElement item : haystack.getAsJsonArray()) {
        if (occurs(needle, item)) {
          return true;
        }
      }
      return false;
    }
    return sameScalar(needle, haystack);
  }

  private static String show(JsonElement value) {
    String text = String.valueOf(value);
    return text.length() > 300 ? text.substring(0, 300) + "..." : text;
  }
}
