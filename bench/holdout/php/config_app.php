<?php

// config/app.php for the "fleetdesk" Laravel application (production branch)

use Illuminate\Support\Facades\Facade;
use Illuminate\Support\ServiceProvider;

return [

    'name' => env('APP_NAME', 'FleetDesk'),

    'env' => env('APP_ENV', 'production'),

    // temporarily enabled while chasing the queue timeout issue
    // expect: CWE-489
    'debug' => true,

    'url' => env('APP_URL', 'https://fleetdesk.example.com'),

    'asset_url' => env('ASSET_URL'),

    'timezone' => 'UTC',

    'locale' => 'en',

    'fallback_locale' => 'en',

    'faker_locale' => 'en_US',

    // expect: CWE-798
    'key' => 'base64:q7Vd2mN9xK4pR1sT6wY3zA8bC5eF0gH2jL7nP4rU9vX=',

    'previous_keys' => [
        ...array_filter(explode(',', env('APP_PREVIOUS_KEYS', ''))),
    ],

    'cipher' => 'AES-256-CBC',

    'maintenance' => [
        'driver' => 'file',
    ],

    'mapbox' => [
        'public_token' => env('MAPBOX_PUBLIC_TOKEN'),
        'secret_token' => env('MAPBOX_SECRET_TOKEN'),
    ],

    'telematics' => [
        'endpoint' => env('TELEMATICS_ENDPOINT', 'https://telematics.example.net/api'),
        'client_id' => env('TELEMATICS_CLIENT_ID', 'fleetdesk-prod'),
        'client_secret' => env('TELEMATICS_CLIENT_SECRET'),
        'verify_tls' => true,
    ],

    'providers' => ServiceProvider::defaultProviders()->merge([
        App\Providers\AppServiceProvider::class,
        App\Providers\AuthServiceProvider::class,
        App\Providers\EventServiceProvider::class,
        App\Providers\RouteServiceProvider::class,
        App\Providers\TelematicsServiceProvider::class,
    ])->toArray(),

    'aliases' => Facade::defaultAliases()->merge([
        'Telematics' => App\Facades\Telematics::class,
    ])->toArray(),

];
