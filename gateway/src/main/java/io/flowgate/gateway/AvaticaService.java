package io.flowgate.gateway;

import io.flowgate.gateway.netty.AvaticaHttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.metrics.noop.NoopMetricsSystem;
import org.apache.calcite.avatica.remote.Handler.HandlerResponse;
import org.apache.calcite.avatica.remote.JsonHandler;
import org.apache.calcite.avatica.remote.JsonService;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.remote.ProtobufHandler;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

/**
 * Avatica's protocol over our Meta, in both serializations: a body that starts with '{' is JSON, anything else
 * protobuf. Error responses are re-encoded without the server stack traces Avatica would otherwise send.
 */
final class AvaticaService implements AvaticaHttpHandler.RequestService {
  private final ProtobufTranslation translation = new ProtobufTranslationImpl();
  private final ProtobufHandler protobuf;
  private final JsonHandler json;
  private final Service.RpcMetadataResponse rpcMetadata;

  AvaticaService(Meta meta, String serverAddress) {
    LocalService service = new LocalService(meta);
    this.protobuf = new ProtobufHandler(service, translation, NoopMetricsSystem.getInstance());
    this.json = new JsonHandler(service, NoopMetricsSystem.getInstance());
    this.rpcMetadata = new Service.RpcMetadataResponse(serverAddress);
    protobuf.setRpcMetadata(rpcMetadata);
    json.setRpcMetadata(rpcMetadata);
  }

  @Override
  public AvaticaHttpHandler.Reply apply(byte[] body) {
    if (body.length > 0 && body[0] == '{') {
      HandlerResponse<String> response = json.apply(new String(body, StandardCharsets.UTF_8));
      String text = response.getResponse();
      if (response.getStatusCode() != 200) {
        text = withoutTraces(text);
      }
      return new AvaticaHttpHandler.Reply(response.getStatusCode(), text.getBytes(StandardCharsets.UTF_8),
          "application/json; charset=UTF-8");
    }
    WireNames.Incoming incoming = WireNames.incoming(body);
    HandlerResponse<byte[]> response = protobuf.apply(incoming.body());
    byte[] bytes = response.getResponse();
    if (response.getStatusCode() != 200) {
      bytes = withoutTraces(bytes);
    }
    if (incoming.relocated()) {
      bytes = WireNames.outgoing(bytes);
    }
    return new AvaticaHttpHandler.Reply(response.getStatusCode(), bytes, "application/octet-stream");
  }

  private byte[] withoutTraces(byte[] bytes) {
    try {
      Service.Response response = translation.parseResponse(bytes);
      if (response instanceof Service.ErrorResponse error) {
        return translation.serializeResponse(strip(error));
      }
      return bytes;
    } catch (IOException e) {
      return bytes;
    }
  }

  private String withoutTraces(String text) {
    try {
      Service.Response response = JsonService.MAPPER.readValue(text, Service.Response.class);
      if (response instanceof Service.ErrorResponse error) {
        return JsonService.MAPPER.writeValueAsString(strip(error));
      }
      return text;
    } catch (IOException e) {
      return text;
    }
  }

  /**
   * The error without server stack traces. The list Avatica keeps them in carries the error text instead: some
   * client paths (prepareStatement) drop the message and keep only that list.
   */
  private Service.ErrorResponse strip(Service.ErrorResponse error) {
    List<String> text = error.errorMessage == null ? List.of() : List.of(error.errorMessage);
    return new Service.ErrorResponse(text, error.errorMessage, error.errorCode, error.sqlState, error.severity,
        rpcMetadata);
  }
}
