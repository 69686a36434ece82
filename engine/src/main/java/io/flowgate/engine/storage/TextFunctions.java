package io.flowgate.engine.storage;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.zip.CRC32;

/**
 * The dialect's string and number functions that H2 has not, or has with other rules, as Spark computes them.
 * Installed under {@code FG_SYS} with {@link H2Functions}; a NULL argument gives NULL.
 */
public final class TextFunctions {
  private TextFunctions() {}

  /** The vendor code of an argument a function refuses; the message is the function, the parameter and why. */
  static final int INVALID_ARGUMENT = 99_005;

  static SQLException invalid(String function, String parameter, String message) {
    return new SQLException(function + "\n" + parameter + "\n" + message + "\n", "22023", INVALID_ARGUMENT);
  }

  /** Spark's initcap: lower case, then upper case for the first letter and each letter after a space. */
  public static String initcap(String value) {
    if (value == null) {
      return null;
    }
    StringBuilder text = new StringBuilder(value.length());
    int previous = ' ';
    for (int i = 0; i < value.length(); ) {
      int c = value.codePointAt(i);
      text.appendCodePoint(previous == ' ' ? Character.toTitleCase(c) : Character.toLowerCase(c));
      previous = c;
      i += Character.charCount(c);
    }
    return text.toString();
  }

  /**
   * Spark's translate: each character of {@code from} becomes the one at its place in {@code to}, or is removed when
   * {@code to} is shorter; a character listed twice takes its first place.
   */
  public static String translate(String value, String from, String to) {
    if (value == null || from == null || to == null) {
      return null;
    }
    Map<Integer, Integer> replacements = new HashMap<>();
    int[] targets = to.codePoints().toArray();
    int[] sources = from.codePoints().toArray();
    for (int i = 0; i < sources.length; i++) {
      replacements.putIfAbsent(sources[i], i < targets.length ? targets[i] : -1);
    }
    StringBuilder text = new StringBuilder(value.length());
    value.codePoints().forEach(c -> {
      int replaced = replacements.getOrDefault(c, c);
      if (replaced >= 0) {
        text.appendCodePoint(replaced);
      }
    });
    return text.toString();
  }

  private static Pattern pattern(String function, String regex) throws SQLException {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw invalid(function, "regexp", "the pattern " + regex + " is not a valid regular expression");
    }
  }

  /** split: the parts between matches of {@code regex}, at most {@code limit} when it is positive. */
  public static String[] split(String value, String regex, Integer limit) throws SQLException {
    if (value == null || regex == null || limit == null) {
      return null;
    }
    return pattern("split", regex).split(value, limit > 0 ? limit : -1);
  }

  /**
   * str_to_map's keys: the text split at every match of {@code pairDelimiter}, each pair's text before its first
   * match of {@code keyValueDelimiter} (both regular expressions, as the dialect's).
   */
  public static String[] textMapKeys(String text, String pairDelimiter, String keyValueDelimiter)
      throws SQLException {
    return textMapPart(text, pairDelimiter, keyValueDelimiter, 0);
  }

  /** str_to_map's values: each pair's text after its first key-value delimiter, NULL for a pair without one. */
  public static String[] textMapValues(String text, String pairDelimiter, String keyValueDelimiter)
      throws SQLException {
    return textMapPart(text, pairDelimiter, keyValueDelimiter, 1);
  }

  private static String[] textMapPart(String text, String pairDelimiter, String keyValueDelimiter, int part)
      throws SQLException {
    if (text == null || pairDelimiter == null || keyValueDelimiter == null) {
      return null;
    }
    String[] pairs = pattern("str_to_map", pairDelimiter).split(text, -1);
    Pattern keyValue = pattern("str_to_map", keyValueDelimiter);
    String[] parts = new String[pairs.length];
    for (int i = 0; i < pairs.length; i++) {
      String[] split = keyValue.split(pairs[i], 2);
      parts[i] = part < split.length ? split[part] : null;
    }
    return parts;
  }

  /** regexp_extract: group {@code group} of the first match, or the empty string. */
  public static String regexpExtract(String value, String regex, Integer group) throws SQLException {
    if (value == null || regex == null || group == null) {
      return null;
    }
    Matcher matcher = matcher("regexp_extract", value, regex, group);
    if (!matcher.find()) {
      return "";
    }
    String found = matcher.group(group);
    return found == null ? "" : found;
  }

  /** regexp_extract_all: group {@code group} of every match. */
  public static String[] regexpExtractAll(String value, String regex, Integer group) throws SQLException {
    if (value == null || regex == null || group == null) {
      return null;
    }
    Matcher matcher = matcher("regexp_extract_all", value, regex, group);
    List<String> found = new ArrayList<>();
    while (matcher.find()) {
      String text = matcher.group(group);
      found.add(text == null ? "" : text);
    }
    return found.toArray(String[]::new);
  }

  private static Matcher matcher(String function, String value, String regex, int group) throws SQLException {
    Matcher matcher = pattern(function, regex).matcher(value);
    if (group < 0 || group > matcher.groupCount()) {
      throw invalid(function, "idx", "the pattern has " + matcher.groupCount() + " groups, not " + group);
    }
    return matcher;
  }

  /** levenshtein: the least number of one-character inserts, deletes and replacements from one to the other. */
  public static Integer levenshtein(String left, String right) {
    if (left == null || right == null) {
      return null;
    }
    int[] a = left.codePoints().toArray();
    int[] b = right.codePoints().toArray();
    int[] previous = new int[b.length + 1];
    int[] current = new int[b.length + 1];
    for (int j = 0; j <= b.length; j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length; i++) {
      current[0] = i;
      for (int j = 1; j <= b.length; j++) {
        int replace = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
        current[j] = Math.min(replace, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length];
  }

  /** The American Soundex digit of each letter A to Z; 7 marks H and W, which do not separate equal digits. */
  private static final String SOUNDEX_DIGITS = "01230127022455012623017202";

  /**
   * soundex: the first letter, then the digits of the following letters (equal neighbours once, vowels separating
   * them), padded with 0 to four characters; a value that does not start with a letter A to Z is given back.
   */
  public static String soundex(String value) {
    if (value == null || value.isEmpty()) {
      return value;
    }
    char first = Character.toUpperCase(value.charAt(0));
    if (first < 'A' || first > 'Z') {
      return value;
    }
    StringBuilder code = new StringBuilder().append(first);
    char last = SOUNDEX_DIGITS.charAt(first - 'A');
    for (int i = 1; i < value.length() && code.length() < 4; i++) {
      char c = Character.toUpperCase(value.charAt(i));
      if (c < 'A' || c > 'Z') {
        last = '0';
        continue;
      }
      char digit = SOUNDEX_DIGITS.charAt(c - 'A');
      if (digit == '7') {
        continue;
      }
      if (digit != '0' && digit != last) {
        code.append(digit);
      }
      last = digit;
    }
    while (code.length() < 4) {
      code.append('0');
    }
    return code.toString();
  }

  public static String base64(byte[] value) {
    return value == null ? null : Base64.getEncoder().encodeToString(value);
  }

  /** unbase64: the bytes, skipping characters that are not base64 as the vendor's decoder does. */
  public static byte[] unbase64(String value) throws SQLException {
    if (value == null) {
      return null;
    }
    try {
      return Base64.getMimeDecoder().decode(value);
    } catch (IllegalArgumentException e) {
      throw invalid("unbase64", "str", "it is not base64 text");
    }
  }

  /** hex of a number: its two's complement digits in upper case, without leading zeros. */
  public static String hexOfNumber(Long value) {
    return value == null ? null : Long.toHexString(value).toUpperCase(java.util.Locale.ROOT);
  }

  public static String hexOfBytes(byte[] value) {
    return value == null ? null : HexFormat.of().withUpperCase().formatHex(value);
  }

  /** unhex: the bytes of pairs of hex digits (an odd count starts with one digit), or NULL for other text. */
  public static byte[] unhex(String value) {
    if (value == null) {
      return null;
    }
    String digits = value.length() % 2 == 0 ? value : "0" + value;
    try {
      return HexFormat.of().parseHex(digits);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  public static String urlEncode(String value) {
    return value == null ? null : URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  public static String urlDecode(String value) throws SQLException {
    if (value == null) {
      return null;
    }
    try {
      return URLDecoder.decode(value, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw invalid("url_decode", "str", "it is not URL-encoded text: " + e.getMessage());
    }
  }

  public static Long crc32(byte[] value) {
    if (value == null) {
      return null;
    }
    CRC32 crc = new CRC32();
    crc.update(value);
    return crc.getValue();
  }

  /**
   * format_string / printf: Java's printf formatting, as Spark's is, in the US locale; a NULL argument prints as
   * {@code null}. Each argument comes as text after a letter saying its type (see the translator's formatString). A
   * pattern the arguments do not fit (a bad conversion, too few arguments) is refused.
   */
  public static String formatText(String format, String... arguments) throws SQLException {
    if (format == null) {
      return null;
    }
    Object[] values = new Object[arguments.length];
    for (int i = 0; i < arguments.length; i++) {
      String tagged = arguments[i];
      values[i] = tagged == null ? null : switch (tagged.charAt(0)) {
        case 'l' -> Long.valueOf(tagged.substring(1));
        case 'd' -> Double.valueOf(tagged.substring(1));
        case 'n' -> new java.math.BigDecimal(tagged.substring(1));
        case 'b' -> Boolean.valueOf(tagged.substring(1));
        default -> tagged.substring(1);
      };
    }
    try {
      return String.format(java.util.Locale.US, format, values);
    } catch (java.util.IllegalFormatConversionException refused) {
      throw invalid("format_string", "strfmt", "'" + format + "' formats a " + dialectType(refused.getArgumentClass())
          + " with %" + refused.getConversion() + ", which does not take one");
    } catch (java.util.MissingFormatArgumentException refused) {
      throw invalid("format_string", "strfmt", "'" + format + "' asks for more values than it was given");
    } catch (java.util.IllegalFormatException refused) {
      throw invalid("format_string", "strfmt", "'" + format + "' is not a printf pattern these values fit");
    }
  }

  /** How the dialect names the type a Java value of format_string stands for. */
  private static String dialectType(Class<?> type) {
    return type == Long.class ? "whole number" : type == Double.class ? "floating-point number"
        : type == java.math.BigDecimal.class ? "decimal" : type == Boolean.class ? "boolean" : "string";
  }

  public static String reverse(String value) {
    return value == null ? null : new StringBuilder(value).reverse().toString();
  }

  /** split_part: the {@code part}-th piece between delimiters (from the end when negative), else empty. */
  public static String splitPart(String value, String delimiter, Integer part) throws SQLException {
    if (value == null || delimiter == null || part == null) {
      return null;
    }
    if (part == 0) {
      throw invalid("split_part", "partNum", "the part number must not be 0");
    }
    List<String> pieces = new ArrayList<>();
    if (delimiter.isEmpty()) {
      pieces.add(value);
    } else {
      int start = 0;
      for (int at = value.indexOf(delimiter); at >= 0; at = value.indexOf(delimiter, start)) {
        pieces.add(value.substring(start, at));
        start = at + delimiter.length();
      }
      pieces.add(value.substring(start));
    }
    int index = part > 0 ? part - 1 : pieces.size() + part;
    return index >= 0 && index < pieces.size() ? pieces.get(index) : "";
  }

  /**
   * substring_index: the text before the {@code count}-th delimiter, or when {@code count} is negative after the
   * {@code -count}-th from the end; all of it when there are fewer.
   */
  public static String substringIndex(String value, String delimiter, Integer count) {
    if (value == null || delimiter == null || count == null) {
      return null;
    }
    if (count == 0 || delimiter.isEmpty()) {
      return "";
    }
    // matches may overlap, as in Spark: each search starts one character past the last match
    if (count > 0) {
      int at = -1;
      for (int i = 0; i < count; i++) {
        at = value.indexOf(delimiter, at + 1);
        if (at < 0) {
          return value;
        }
      }
      return value.substring(0, at);
    }
    int at = value.length() - delimiter.length() + 1;
    for (int i = 0; i < -count; i++) {
      at = value.lastIndexOf(delimiter, at - 1);
      if (at < 0) {
        return value;
      }
    }
    return value.substring(at + delimiter.length());
  }

  /** array_join: the parts joined by {@code delimiter} (the caller leaves out or replaces NULL parts). */
  public static String joinText(String[] parts, String delimiter) {
    return parts == null || delimiter == null ? null : String.join(delimiter, parts);
  }

  /** find_in_set: the 1-based place of {@code value} in the comma-separated {@code list}, 0 when absent. */
  public static Integer findInSet(String value, String list) {
    if (value == null || list == null) {
      return null;
    }
    if (value.contains(",")) {
      return 0;
    }
    String[] items = list.split(",", -1);
    for (int i = 0; i < items.length; i++) {
      if (items[i].equals(value)) {
        return i + 1;
      }
    }
    return 0;
  }

  public static String bin(Long value) {
    return value == null ? null : Long.toBinaryString(value);
  }

  /** factorial: n! for n from 0 to 20, else NULL. */
  public static Long factorial(Integer n) {
    if (n == null || n < 0 || n > 20) {
      return null;
    }
    long result = 1;
    for (int i = 2; i <= n; i++) {
      result *= i;
    }
    return result;
  }

  /**
   * bround: rounded to {@code scale} digits with ties to the even neighbour. A scale at or beyond the value's own
   * leaves it as it is, and one further left than its first digit rounds it to 0; BigDecimal would fail (or build a
   * number of billions of digits) for scales as large as an INT's.
   */
  public static BigDecimal bround(BigDecimal value, Integer scale) {
    if (value == null || scale == null) {
      return null;
    }
    if (scale >= value.scale()) {
      return value;
    }
    return scale < value.scale() - value.precision() ? BigDecimal.ZERO : value.setScale(scale, RoundingMode.HALF_EVEN);
  }

  public static Double cbrt(Double value) {
    return value == null ? null : Math.cbrt(value);
  }

  /** isnan: whether a DOUBLE is NaN; NULL is not. */
  public static Boolean isNan(Double value) {
    return value != null && value.isNaN();
  }
}
