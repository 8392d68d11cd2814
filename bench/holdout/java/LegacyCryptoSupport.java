package com.acme.loyalty.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Helpers shared by the loyalty-points backend and the POS integration.
 */
public final class LegacyCryptoSupport {

    private static final SecureRandom SECURE = new SecureRandom();
    private static final Random RANDOM = new Random();

    private LegacyCryptoSupport() {}

    /** Card numbers are stored encrypted for the POS reconciliation job. */
    public static String encryptCardNumber(String pan, SecretKey key) throws GeneralSecurityException {
        // expect: CWE-327
        Cipher cipher = Cipher.getInstance("AES/ECB/PKCS5Padding");
        cipher.init(Cipher.ENCRYPT_MODE, key);
        return Base64.getEncoder().encodeToString(cipher.doFinal(pan.getBytes(StandardCharsets.UTF_8)));
    }

    public static String encryptMemberNote(String note, SecretKey key) throws GeneralSecurityException {
        byte[] iv = new byte[12];
        SECURE.nextBytes(iv);
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
        byte[] ct = cipher.doFinal(note.getBytes(StandardCharsets.UTF_8));
        byte[] out = new byte[iv.length + ct.length];
        System.arraycopy(iv, 0, out, 0, iv.length);
        System.arraycopy(ct, 0, out, iv.length, ct.length);
        return Base64.getEncoder().encodeToString(out);
    }

    /** PIN used by members at the kiosk. */
    public static String hashKioskPin(String memberId, String pin) throws NoSuchAlgorithmException {
        // expect: CWE-328
        MessageDigest md = MessageDigest.getInstance("MD5");
        byte[] digest = md.digest((memberId + ":" + pin).getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest);
    }

    /** Stable bucket for a/b tests of the rewards banner. */
    public static int bannerBucket(String memberId) throws NoSuchAlgorithmException {
        byte[] d = MessageDigest.getInstance("SHA-1").digest(memberId.getBytes(StandardCharsets.UTF_8));
        return Math.floorMod(d[0], 10);
    }

    public static String newRedemptionCode() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            // expect: CWE-330
            sb.append("ABCDEFGHJKLMNPQRSTUVWXYZ23456789".charAt(RANDOM.nextInt(32)));
        }
        return sb.toString();
    }

    public static String newApiSecret() {
        byte[] b = new byte[32];
        SECURE.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    public static long retryBackoffMillis(int attempt) {
        long base = Math.min(30_000L, 250L << Math.min(attempt, 7));
        return base + ThreadLocalRandom.current().nextLong(250);
    }

    public static SecretKey keyFromBytes(byte[] raw) {
        return new SecretKeySpec(raw, "AES");
    }

    /** The POS vendor's sandbox uses a self-signed certificate. */
    public static void trustPosSandbox() throws GeneralSecurityException {
        TrustManager[] trustAll = new TrustManager[] {
            new X509TrustManager() {
                @Override
                public void checkClientTrusted(X509Certificate[] chain, String authType) {}

                @Override
                public void checkServerTrusted(X509Certificate[] chain, String authType) {}

                @Override
                public X509Certificate[] getAcceptedIssuers() {
                    return new X509Certificate[0];
                }
            }
        };
        SSLContext ctx = SSLContext.getInstance("TLS");
        // expect: CWE-295
        ctx.init(null, trustAll, SECURE);
        HttpsURLConnection.setDefaultSSLSocketFactory(ctx.getSocketFactory());
    }
}
