package io.flowgate.engine.type;

/** Text read from files and JSON as values of a column type, leniently: what does not fit is null, not an error. */
public final class TextValues {
  private TextValues() {}

  /** A value of the type, or null when there is no text or it does not fit (a file reader rescues the text). */
  public static Object parse(String text, SqlType type) {
    if (text == null) {
      return null;
    }
    String value = text.strip();
    try {
      return switch (type.kind()) {
        case INT -> Integer.parseInt(value);
        case BIGINT -> Long.parseLong(value);
        case TINYINT -> Byte.parseByte(value);
        case SMALLINT -> Short.parseShort(value);
        case DOUBLE -> Double.parseDouble(value);
        case FLOAT -> Float.parseFloat(value);
        case DECIMAL -> new java.math.BigDecimal(value);
        case BOOLEAN -> value.equalsIgnoreCase("true") ? Boolean.TRUE
            : value.equalsIgnoreCase("false") ? Boolean.FALSE : null;
        case DATE -> java.time.LocalDate.parse(value);
        case TIMESTAMP, TIMESTAMP_NTZ -> java.time.LocalDateTime.parse(value.replace(' ', 'T').replace("Z", ""));
        case BINARY -> java.util.HexFormat.of().parseHex(value);
        default -> text;
      };
    } catch (RuntimeException doesNotFit) {
      return null;
    }
  }
}
