package io.flowgate.engine.error;

import static java.util.Objects.requireNonNull;

import io.flowgate.engine.sql.tree.Span;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one exception the engine throws for anything a client should see: an error class (optionally with a
 * sub-class), its parameters and, when known, where in the statement it happened. {@link #getMessage()} is the
 * rendered text {@code [CLASS] message SQLSTATE: xxxxx}, which the gateway hands to the client unchanged.
 */
public final class EngineException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private static final Pattern PARAMETER = Pattern.compile("<([A-Za-z]+)>");

  private final ErrorClass errorClass;
  private final Optional<String> subClass;
  private final Map<String, String> parameters;
  private final Optional<Span> span;

  EngineException(ErrorClass errorClass, Optional<String> subClass, String subMessage,
      Map<String, String> parameters, Optional<Span> span, Throwable cause) {
    super(render(errorClass, subClass, subMessage, parameters, span), cause);
    this.errorClass = requireNonNull(errorClass, "errorClass is null");
    this.subClass = subClass;
    this.parameters = Map.copyOf(parameters);
    this.span = span;
  }

  public ErrorClass errorClass() {
    return errorClass;
  }

  /** The class as clients see it, with the sub-class after a dot. */
  public String qualifiedClass() {
    return subClass.map(sub -> errorClass.name() + "." + sub).orElse(errorClass.name());
  }

  public String sqlState() {
    return errorClass.sqlState();
  }

  public Map<String, String> parameters() {
    return parameters;
  }

  public Optional<Span> span() {
    return span;
  }

  private static String render(ErrorClass errorClass, Optional<String> subClass, String subMessage,
      Map<String, String> parameters, Optional<Span> span) {
    StringBuilder text = new StringBuilder();
    text.append('[').append(errorClass.name());
    subClass.ifPresent(sub -> text.append('.').append(sub));
    text.append("] ").append(substitute(errorClass.template(), parameters));
    if (!subMessage.isEmpty()) {
      text.append(' ').append(substitute(subMessage, parameters));
    }
    text.append(" SQLSTATE: ").append(errorClass.sqlState());
    span.ifPresent(s -> text.append(" (line ").append(s.line()).append(", pos ").append(s.column() - 1).append(')'));
    return text.toString();
  }

  private static String substitute(String template, Map<String, String> parameters) {
    Matcher matcher = PARAMETER.matcher(template);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      String value = parameters.getOrDefault(matcher.group(1), matcher.group(0));
      matcher.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    matcher.appendTail(out);
    return out.toString();
  }

  /** Starts an exception of the given class; see {@link Errors} for the named factories. */
  public static Builder of(ErrorClass errorClass) {
    return new Builder(errorClass);
  }

  /** Collects the parts of an exception; every setter may be called once. */
  public static final class Builder {
    private final ErrorClass errorClass;
    private final Map<String, String> parameters = new LinkedHashMap<>();
    private Optional<String> subClass = Optional.empty();
    private String subMessage = "";
    private Optional<Span> span = Optional.empty();
    private Throwable cause;

    private Builder(ErrorClass errorClass) {
      this.errorClass = requireNonNull(errorClass, "errorClass is null");
    }

    public Builder subClass(String name, String message) {
      this.subClass = Optional.of(name);
      this.subMessage = message;
      return this;
    }

    public Builder parameter(String name, Object value) {
      parameters.put(name, String.valueOf(value));
      return this;
    }

    public Builder at(Span span) {
      this.span = Optional.ofNullable(span);
      return this;
    }

    public Builder cause(Throwable cause) {
      this.cause = cause;
      return this;
    }

    public EngineException build() {
      return new EngineException(errorClass, subClass, subMessage, parameters, span, cause);
    }
  }
}
