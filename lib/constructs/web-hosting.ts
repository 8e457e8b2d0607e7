import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, RestApiOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type * as z from 'zod';
import { API_BASE_PATH, API_KEY_HEADER } from '../../functions/src/routes';
import { PRERENDERED_PAGES } from '../../shared/src/constants/prerendered-pages';
import type { runtimeConfigSchema } from '../../shared/src/schemas/runtime-config';
import { contentSecurityPolicy, PREVIEW_PAGE_PATH, previewContentSecurityPolicy } from '../security-headers';
import { HASHED_ASSETS_DIR } from '../web-asset-path';

type RuntimeConfigInput = z.input<typeof runtimeConfigSchema>;

/** What the stack knows of the runtime config; the URLs that depend on the distribution are added here. */
export type StackRuntimeConfig = Omit<RuntimeConfigInput, 'apiBaseUrl' | 'streamUrl' | 'streamAuthHeader'>;

export const STREAM_PATH = `${API_BASE_PATH}/messages/generate-stream`;

/**
 * The header the web app sends the ID token in to the stream: CloudFront's OAC signs requests to a
 * Function URL in the Authorization header, overwriting the viewer's.
 */
export const STREAM_AUTH_HEADER = 'X-Id-Token';

// Runs on the default (S3) behaviour only. Custom error responses (403/404 -> /index.html) would
// apply to the whole distribution and turn the API's own 403/404 JSON errors into the HTML page.
// The prerendered pages (the landing page at / and /landing, the sign-in form at /login) are pages
// of their own; every other path without a file extension is a client route of the app
// (scripts/local/built-web-server.ts does the same, from the same map).
const SPA_FALLBACK_CODE = `var PAGES = ${JSON.stringify(PRERENDERED_PAGES)};
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.split('/').pop();
  if (Object.prototype.hasOwnProperty.call(PAGES, request.uri)) {
    request.uri = '/' + PAGES[request.uri];
  } else if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** Private S3 bucket behind CloudFront (OAC) serving the web app; `/api/*` goes to the REST API. */
export interface WebHostingProps {
  /** Origins the app calls besides its own (Cognito's endpoints): the CSP's connect-src. */
  connectOrigins: readonly string[];
  /** A WAF web ACL (scope CLOUDFRONT) in front of the distribution. */
  webAclArn?: string | undefined;
  /** The app's own domain and its ACM certificate (us-east-1); without it, CloudFront's domain. */
  domain?: { readonly name: string; readonly certificateArn: string } | undefined;
}

export class WebHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** Access logs of the app bucket and the distribution. */
  readonly logs: Bucket;
  /** The app's origin: `https://<custom domain>`, else `https://<distribution domain>`. */
  readonly url: string;
  private apiRouted = false;
  private streamOriginRequestPolicy?: OriginRequestPolicy;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);

    // S3 server access logs of the app bucket and CloudFront's standard logs (ACLs: CloudFront writes with them).
    this.logs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'app-bucket/',
      // Only build output lives here: a redeploy restores it.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const spaFallback = new EdgeFunction(this, 'SpaFallback', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
      comment: 'Serves /landing.html for / and /landing, /index.html for client-side routes',
    });

    const webOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'AgentForge web app',
      defaultRootObject: 'landing.html',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      enableLogging: true,
      logBucket: this.logs,
      logFilePrefix: 'cloudfront/',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
        responseHeadersPolicy: new ResponseHeadersPolicy(this, 'SecurityHeaders', {
          comment: 'AgentForge web app: CSP, HSTS, no framing, no sniffing',
          securityHeadersBehavior: {
            contentSecurityPolicy: {
              contentSecurityPolicy: contentSecurityPolicy({ connect: props.connectOrigins }),
              override: true,
            },
            strictTransportSecurity: {
              accessControlMaxAge: Duration.days(365),
              includeSubdomains: true,
              override: true,
            },
            contentTypeOptions: { override: true },
            frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
            referrerPolicy: {
              referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
              override: true,
            },
          },
        }),
      },
    });
    this.addPreviewPage(webOrigin);
    this.url = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;
  }

  /**
   * The code workspace's preview page with its own policy (inline scripts in an opaque origin,
   * nothing loaded or sent, framed by the app only): see previewContentSecurityPolicy.
   */
  private addPreviewPage(origin: ReturnType<typeof S3BucketOrigin.withOriginAccessControl>): void {
    this.distribution.addBehavior(PREVIEW_PAGE_PATH, origin, {
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      compress: true,
      responseHeadersPolicy: new ResponseHeadersPolicy(this, 'PreviewHeaders', {
        comment: 'AgentForge workspace preview: its own CSP, framed by the app only',
        securityHeadersBehavior: {
          contentSecurityPolicy: { contentSecurityPolicy: previewContentSecurityPolicy(), override: true },
          strictTransportSecurity: {
            accessControlMaxAge: Duration.days(365),
            includeSubdomains: true,
            override: true,
          },
          contentTypeOptions: { override: true },
          referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        },
      }),
    });
  }

  /**
   * Sends `/api/*` to the REST API, uncached, with every viewer header but Host (API Gateway
   * rejects a foreign Host). CloudFront matches behaviours in the order they are added, so add any
   * more specific `/api/...` behaviour (the SSE stream) before calling this.
   */
  routeApi(restApi: RestApi, originKey?: string): void {
    this.apiRouted = true;
    // The API's key as an origin custom header: CloudFront sets it on every request to the API,
    // replacing any a viewer sends.
    const origin = new RestApiOrigin(
      restApi,
      originKey ? { customHeaders: { [API_KEY_HEADER]: originKey } } : {},
    );
    this.distribution.addBehavior(`${API_BASE_PATH}/*`, origin, {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
  }

  /**
   * Sends one exact path (an SSE stream) to a Function URL through origin access control
   * (CDK grants CloudFront both lambda:InvokeFunctionUrl and lambda:InvokeFunction for this
   * distribution). Uncached and uncompressed (compression can buffer SSE frames); only the query
   * string and the ID token header reach the function: not Authorization (OAC's signature
   * replaces it) and not Host (the Function URL's own). Must be called before `routeApi`, whose
   * `/api/*` would otherwise match first.
   */
  routeStream(path: string, functionUrl: IFunctionUrl): void {
    if (this.apiRouted) {
      throw new Error(`routeStream('${path}') must be called before routeApi: /api/* would match first`);
    }
    this.streamOriginRequestPolicy ??= new OriginRequestPolicy(this, 'StreamOriginRequestPolicy', {
      comment: `AgentForge SSE streams: all query strings, ${STREAM_AUTH_HEADER}, and the viewer's address and user agent (the audit log)`,
      headerBehavior: OriginRequestHeaderBehavior.allowList(
        STREAM_AUTH_HEADER,
        'User-Agent',
        'CloudFront-Viewer-Address',
      ),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    this.distribution.addBehavior(
      path,
      FunctionUrlOrigin.withOriginAccessControl(functionUrl, {
        // Time to the first byte (cold start, loading the conversation) and between frames; the
        // handler pings every 10 s once the reply has started.
        readTimeout: Duration.seconds(60),
      }),
      {
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: this.streamOriginRequestPolicy,
        compress: false,
      },
    );
  }

  /**
   * Uploads the built web app and its `config.json`. Only Vite's hashed assets (`assets/`) are
   * cached for a year: every other file keeps its name across versions (the pages, config.json,
   * the workspace preview page, the artifacts' runtimes, the icon), so it is revalidated on
   * every load and a deploy shows at once. The local built-web server serves by the same rule.
   */
  deployApp(assetPath: string, config: StackRuntimeConfig): void {
    const runtimeConfig: RuntimeConfigInput = {
      ...config,
      apiBaseUrl: `${this.url}${API_BASE_PATH}`,
      streamUrl: `${this.url}${STREAM_PATH}`,
      // CloudFront's OAC signs requests to the stream's Function URL in the Authorization
      // header, overwriting the viewer's, so the ID token travels in its own header.
      streamAuthHeader: STREAM_AUTH_HEADER,
    };
    const hashedAssets = `${HASHED_ASSETS_DIR}/*`;

    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(assetPath)],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: [hashedAssets],
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.days(365)),
        CacheControl.immutable(),
      ],
    });

    const entry = new BucketDeployment(this, 'DeployEntry', {
      sources: [Source.asset(assetPath), Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: this.bucket,
      exclude: [hashedAssets],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      // One wildcard path (billed as one): whatever a cache still holds under a kept name.
      distributionPaths: ['/*'],
    });
    // Upload the assets first so a new page never references files that are not there yet.
    entry.node.addDependency(assets);
  }
}
