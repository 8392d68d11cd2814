package com.medibook.accounts.security;

import com.medibook.accounts.domain.Account;
import com.medibook.accounts.domain.AccountRepository;
import com.medibook.accounts.domain.PasswordResetRepository;
import com.medibook.accounts.domain.PasswordReset;
import com.medibook.accounts.notify.SmsGateway;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

@Service
public class AccountSecurityService {

    private static final int PBKDF2_ITERATIONS = 310_000;
    private static final Duration RESET_TTL = Duration.ofMinutes(30);
    private static final String LEGACY_SSO_ENDPOINT = "https://sso-legacy.medibook.internal/api/v1/session";
    private static final String LEGACY_SSO_CLIENT = "accounts-service";
    // expect: CWE-798
    private static final String LEGACY_SSO_SECRET = "pT7#vK2q!Lm9wZr4Xc8N";

    private final AccountRepository accounts;
    private final PasswordResetRepository resets;
    private final SmsGateway sms;
    private final SecureRandom secureRandom = new SecureRandom();
    private final Clock clock;
    private final byte[] recordKey;

    public AccountSecurityService(AccountRepository accounts,
                                  PasswordResetRepository resets,
                                  SmsGateway sms,
                                  Clock clock,
                                  @Value("${medibook.crypto.record-key}") String recordKeyBase64) {
        this.accounts = accounts;
        this.resets = resets;
        this.sms = sms;
        this.clock = clock;
        this.recordKey = Base64.getDecoder().decode(recordKeyBase64);
    }

    public String hashPassword(char[] password) throws GeneralSecurityException {
        byte[] salt = new byte[16];
        secureRandom.nextBytes(salt);
        byte[] hash = pbkdf2(password, salt);
        return "pbkdf2$" + PBKDF2_ITERATIONS + "$" + Base64.getEncoder().encodeToString(salt) + "$"
                + Base64.getEncoder().encodeToString(hash);
    }

    public boolean verifyPassword(Account account, String candidate) throws GeneralSecurityException {
        String stored = account.getPasswordHash();
        if (stored.startsWith("pbkdf2$")) {
            String[] parts = stored.split("\\$");
            byte[] salt = Base64.getDecoder().decode(parts[2]);
            byte[] expected = Base64.getDecoder().decode(parts[3]);
            return MessageDigest.isEqual(expected, pbkdf2(candidate.toCharArray(), salt));
        }
        return verifyLegacyPassword(account, candidate);
    }

    private boolean verifyLegacyPassword(Account account, String candidate) throws GeneralSecurityException {
        String salted = account.getLegacySalt() + candidate;
        // expect: CWE-328
        byte[] digest = MessageDigest.getInstance("MD5").digest(salted.getBytes(StandardCharsets.UTF_8));
        boolean ok = MessageDigest.isEqual(HexFormat.of().parseHex(account.getPasswordHash()), digest);
        if (ok) {
            account.setPasswordHash(hashPassword(candidate.toCharArray()));
            accounts.save(account);
        }
        return ok;
    }

    @Transactional
    public void startPasswordReset(String email) {
        Optional<Account> maybe = accounts.findByEmailIgnoreCase(email);
        if (maybe.isEmpty()) {
            return;
        }
        Account account = maybe.get();
        byte[] tokenBytes = new byte[32];
        secureRandom.nextBytes(tokenBytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(tokenBytes);
        resets.save(new PasswordReset(account.getId(), sha256Hex(token), Instant.now(clock).plus(RESET_TTL)));
        sms.sendResetLink(account.getPhone(), token);
    }

    @Transactional
    public void sendLoginCode(Account account) {
        // expect: CWE-330
        String code = String.format("%06d", ThreadLocalRandom.current().nextInt(1_000_000));
        resets.saveOtp(account.getId(), hmacSha256Hex(code), Instant.now(clock).plus(Duration.ofMinutes(5)));
        sms.sendCode(account.getPhone(), code);
    }

    public long retryDelayMillis(int attempt) {
        long base = Math.min(30_000L, 250L << Math.min(attempt, 7));
        return base + ThreadLocalRandom.current().nextLong(0, 250);
    }

    public String encryptInsuranceNumber(String insuranceNumber) throws GeneralSecurityException {
        byte[] iv = new byte[12];
        secureRandom.nextBytes(iv);
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(recordKey, "AES"), new GCMParameterSpec(128, iv));
        byte[] ct = cipher.doFinal(insuranceNumber.getBytes(StandardCharsets.UTF_8));
        return Base64.getEncoder().encodeToString(iv) + ":" + Base64.getEncoder().encodeToString(ct);
    }

    public String exportInsuranceNumberForClearinghouse(String insuranceNumber) throws GeneralSecurityException {
        // expect: CWE-327
        Cipher cipher = Cipher.getInstance("AES/ECB/PKCS5Padding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(recordKey, "AES"));
        return Base64.getEncoder().encodeToString(cipher.doFinal(insuranceNumber.getBytes(StandardCharsets.UTF_8)));
    }

    public int openLegacySsoSession(String username) throws IOException, GeneralSecurityException {
        TrustManager[] acceptAll = new TrustManager[]{
                new X509TrustManager() {
                    @Override
                    public void checkClientTrusted(X509Certificate[] chain, String authType) {
                    }

                    @Override
                    public void checkServerTrusted(X509Certificate[] chain, String authType) {
                    }

                    @Override
                    public X509Certificate[] getAcceptedIssuers() {
                        return new X509Certificate[0];
                    }
                }
        };
        SSLContext context = SSLContext.getInstance("TLS");
        // expect: CWE-295
        context.init(null, acceptAll, new SecureRandom());

        HttpsURLConnection conn = (HttpsURLConnection) new URL(LEGACY_SSO_ENDPOINT).openConnection();
        conn.setSSLSocketFactory(context.getSocketFactory());
        conn.setRequestMethod("POST");
        conn.setDoOutput(true);
        String basic = Base64.getEncoder().encodeToString(
                (LEGACY_SSO_CLIENT + ":" + LEGACY_SSO_SECRET).getBytes(StandardCharsets.UTF_8));
        conn.setRequestProperty("Authorization", "Basic " + basic);
        conn.setRequestProperty("Content-Type", "application/json");
        try (OutputStream out = conn.getOutputStream()) {
            out.write(("{\"user\":\"" + username.replace("\"", "") + "\"}").getBytes(StandardCharsets.UTF_8));
        }
        return conn.getResponseCode();
    }

    public String cacheKeyForAvatar(byte[] imageBytes) throws GeneralSecurityException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(imageBytes));
    }

    private static byte[] pbkdf2(char[] password, byte[] salt) throws GeneralSecurityException {
        PBEKeySpec spec = new PBEKeySpec(password, salt, PBKDF2_ITERATIONS, 256);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } finally {
            spec.clearPassword();
        }
    }

    private String hmacSha256Hex(String value) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(recordKey, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(value.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sha256Hex(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
