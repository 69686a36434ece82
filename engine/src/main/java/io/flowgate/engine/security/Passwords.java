package io.flowgate.engine.security;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Password hashes: PBKDF2 with HMAC-SHA-256, a random 16-byte salt and 210,000 iterations (the OWASP figure for
 * this function), written {@code pbkdf2-sha256$<iterations>$<salt>$<hash>} in base 64. The JDK has it, so no
 * library is needed; the iteration count travels with each hash so it can be raised later.
 */
public final class Passwords {
  private static final String ALGORITHM = "PBKDF2WithHmacSHA256";
  private static final String PREFIX = "pbkdf2-sha256";
  private static final int ITERATIONS = 210_000;
  private static final SecureRandom RANDOM = new SecureRandom();

  private Passwords() {}

  public static String hash(String password) {
    byte[] salt = new byte[16];
    RANDOM.nextBytes(salt);
    Base64.Encoder base64 = Base64.getEncoder().withoutPadding();
    return PREFIX + "$" + ITERATIONS + "$" + base64.encodeToString(salt) + "$"
        + base64.encodeToString(derive(password, salt, ITERATIONS));
  }

  /** Whether {@code password} matches {@code stored}; compares in constant time. */
  public static boolean matches(String password, String stored) {
    String[] parts = stored.split("\\$");
    if (parts.length != 4 || !parts[0].equals(PREFIX)) {
      return false;
    }
    Base64.Decoder base64 = Base64.getDecoder();
    byte[] expected = base64.decode(parts[3]);
    return MessageDigest.isEqual(expected, derive(password, base64.decode(parts[2]), Integer.parseInt(parts[1])));
  }

  /** A fast SHA-256 digest of a password, in base 64: a cache key that does not keep the password itself. */
  public static String digest(String password) {
    try {
      return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
          .digest(password.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  private static byte[] derive(String password, byte[] salt, int iterations) {
    PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, 256);
    try {
      return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(ALGORITHM + " is part of every Java 17 runtime", e);
    } finally {
      spec.clearPassword();
    }
  }
}
