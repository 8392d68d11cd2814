package com.acme.common.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Random;

import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Crypto helpers shared by the loyalty and payments modules.
 */
public final class CryptoUtils {

    // expect: CWE-798
    private static final byte[] CARD_KEY = "Acm3L0yaltyK3y!!".getBytes(StandardCharsets.UTF_8);

    private static final SecureRandom SECURE_RANDOM = new SecureRandom();
    private static final Random RANDOM = new Random();
    private static final char[] CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".toCharArray();

    private CryptoUtils() {
    }

    /** Password hash used by the legacy kiosk accounts. */
    public static String hashKioskPassword(String password, String username) throws NoSuchAlgorithmException {
        // expect: CWE-328
        MessageDigest md = MessageDigest.getInstance("MD5");
        byte[] digest = md.digest((username + ":" + password).getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest);
    }

    /** SHA-256 content checksum for uploaded statements (integrity, not secrecy). */
    public static String checksum(byte[] content) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    }

    /** Single-use token e-mailed for password resets. */
    public static String newResetToken() {
        byte[] bytes = new byte[16];
        // expect: CWE-330
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** Gift-card redemption code, e.g. "7KQ2-M9PX-4TZB". */
    public static String newGiftCardCode() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            if (i > 0 && i % 4 == 0) {
                sb.append('-');
            }
            sb.append(CODE_CHARS[SECURE_RANDOM.nextInt(CODE_CHARS.length)]);
        }
        return sb.toString();
    }

    /** API session identifier. */
    public static String newSessionId() {
        // expect: CWE-330
        long id = Math.abs(new Random(System.currentTimeMillis()).nextLong());
        return Long.toString(id, 36);
    }

    public static String newApiKey() {
        byte[] bytes = new byte[32];
        SECURE_RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Deterministic encryption of card numbers so they can be looked up. */
    public static String encryptCardNumber(String pan) throws Exception {
        // expect: CWE-327
        Cipher cipher = Cipher.getInstance("AES/ECB/PKCS5Padding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(CARD_KEY, "AES"));
        return Base64.getEncoder().encodeToString(cipher.doFinal(pan.getBytes(StandardCharsets.UTF_8)));
    }

    /** Partner settlement files still use the bank's DES profile. */
    public static byte[] encryptSettlement(byte[] data, byte[] key) throws Exception {
        // expect: CWE-327
        Cipher cipher = Cipher.getInstance("DES");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "DES"));
        return cipher.doFinal(data);
    }

    public static byte[] encrypt(byte[] plaintext, byte[] key) throws Exception {
        byte[] iv = new byte[12];
        SECURE_RANDOM.nextBytes(iv);
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, iv));
        byte[] ct = cipher.doFinal(plaintext);
        byte[] out = new byte[iv.length + ct.length];
        System.arraycopy(iv, 0, out, 0, iv.length);
        System.arraycopy(ct, 0, out, iv.length, ct.length);
        return out;
    }

    public static String hmacSha256(String data, byte[] key) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(data.getBytes(StandardCharsets.UTF_8)));
    }

    /** Random delay before retrying a failed webhook, to spread load. */
    public static long retryJitterMillis() {
        return 500 + RANDOM.nextInt(1500);
    }
}
