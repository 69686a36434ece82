package io.flowgate.gateway;

import com.google.protobuf.InvalidProtocolBufferException;
import org.apache.calcite.avatica.proto.Common.WireMessage;

/**
 * Avatica's protobuf envelope names the message class. Our driver relocates Avatica (so it cannot clash with another
 * copy in a client application), which relocates those names too; the gateway maps them back on the way in and
 * forward again on the way out. Only the envelope is touched, never the message inside.
 */
final class WireNames {
  static final String AVATICA = "org.apache.calcite.avatica.proto.";
  static final String RELOCATED = "io.flowgate.jdbc.shaded.avatica.proto.";

  private WireNames() {}

  /** The request with Avatica's own names, and whether the client used relocated ones. */
  record Incoming(byte[] body, boolean relocated) {}

  static Incoming incoming(byte[] body) {
    try {
      WireMessage message = WireMessage.parseFrom(body);
      if (!message.getName().startsWith(RELOCATED)) {
        return new Incoming(body, false);
      }
      String name = AVATICA + message.getName().substring(RELOCATED.length());
      return new Incoming(message.toBuilder().setName(name).build().toByteArray(), true);
    } catch (InvalidProtocolBufferException e) {
      return new Incoming(body, false);
    }
  }

  static byte[] outgoing(byte[] body) {
    try {
      WireMessage message = WireMessage.parseFrom(body);
      if (!message.getName().startsWith(AVATICA)) {
        return body;
      }
      String name = RELOCATED + message.getName().substring(AVATICA.length());
      return message.toBuilder().setName(name).build().toByteArray();
    } catch (InvalidProtocolBufferException e) {
      return body;
    }
  }
}
